import { beforeAll } from 'vitest';
import { failOnConsole } from './console-guard';

failOnConsole();

// Test files share their worker's DOM (vitest.config.ts): each starts from an empty page and storage.
beforeAll(() => {
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
