import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { failOnConsole } from './console-guard';

failOnConsole();

// A page's lazy chunks are compiled the first time a test renders them, and side by side with the browser
// suite a worker can get a quarter of a core: Testing Library's 1 s default, then 5 s, failed pages that
// did appear. A wait ends as soon as what it waits for is there, so this limit only delays a failure.
configure({ asyncUtilTimeout: 60_000 });

// Test files share their worker's DOM (vitest.config.ts): each starts from an empty page and storage.
beforeAll(() => {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
