import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

/*
 * A web test fails when what it runs writes to console.error or console.warn, React's warnings included
 * (they go through console.error): a warning nobody reads is a bug nobody fixes. A test that triggers
 * one on purpose says so with expectConsole(), and then fails if the message never comes.
 */

const METHODS = ['error', 'warn'] as const;
type Method = (typeof METHODS)[number];

const written: Array<{ method: Method; text: string }> = [];
let expected: Array<{ method: Method; pattern: RegExp; seen: boolean }> = [];

/** Lets the running test write `method` messages that match `pattern`, and requires at least one. */
export function expectConsole(method: Method, pattern: RegExp): void {
  expected.push({ method, pattern, seen: false });
}

/**
 * What went wrong since the last call: each message no expectConsole() allowed, and each expected one
 * that never came. Forgets the messages and the expectations.
 */
export function takeConsoleProblems(): string[] {
  const problems: string[] = [];
  for (const { method, text } of written.splice(0)) {
    const allowed = expected.find((entry) => entry.method === method && entry.pattern.test(text));
    if (allowed) allowed.seen = true;
    else problems.push(`console.${method}: ${text}`);
  }
  for (const { method, pattern, seen } of expected) {
    if (!seen) problems.push(`expected a console.${method} matching ${pattern}, none was written`);
  }
  expected = [];
  return problems;
}

function check(): void {
  const problems = takeConsoleProblems();
  if (problems.length > 0) {
    throw new Error(
      `Unexpected console output (use expectConsole() if it is meant):\n${problems.join('\n')}`,
    );
  }
}

/**
 * The web tests' setup (setup.ts): console.error and console.warn are recorded instead of printed; each
 * test fails on what it wrote, and the file on what came after its last test.
 */
export function failOnConsole(): void {
  const original = { error: console.error, warn: console.warn };
  for (const method of METHODS) {
    console[method] = (...args: unknown[]) => {
      written.push({ method, text: format(...args) });
    };
  }
  afterEach(check);
  afterAll(() => {
    Object.assign(console, original);
    check();
  });
}
