import { describe, expect, it } from 'vitest';
import { expectConsole, takeConsoleProblems } from './console-guard';

describe('the console guard of the web tests', () => {
  it('reports what a test writes to console.error or console.warn', () => {
    console.error('Warning: Each child in a list should have a unique "key" prop.');
    console.warn('deprecated %s', 'thing');
    expect(takeConsoleProblems()).toEqual([
      'console.error: Warning: Each child in a list should have a unique "key" prop.',
      'console.warn: deprecated thing',
    ]);
  });

  it('lets an expected message through, and reports an expected one that never came', () => {
    expectConsole('error', /Uncaught/);
    console.error('Error: Uncaught [Error: boom]');
    expect(takeConsoleProblems()).toEqual([]);
    expectConsole('warn', /never/);
    expect(takeConsoleProblems()).toEqual(['expected a console.warn matching /never/, none was written']);
  });
});
