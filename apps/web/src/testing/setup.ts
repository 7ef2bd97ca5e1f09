import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { failOnConsole } from './console-guard';

failOnConsole();

// A page's lazy chunks are compiled the first time a test renders them; on a busy two-core machine the
// admin's (route check, screens, dashboard) took longer than Testing Library's 1 s default to appear.
configure({ asyncUtilTimeout: 5_000 });

// Test files share their worker's DOM (vitest.config.ts): each starts from an empty page and storage.
beforeAll(() => {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
