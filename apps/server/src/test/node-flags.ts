import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags for every Node process the server's tests run: vitest's workers (vitest.config.ts), the shop
 * and its scripts that the tests start, and vitest's own process while global-setup.ts builds the
 * templates (`useTestNodeFlags`).
 *
 * `--liftoff-only`: PGlite is 9 MB of WebAssembly, and V8 recompiles its hot functions with its optimizing
 * tier on other threads. A test run opens dozens of databases and runs few queries on each, so that
 * recompiling is CPU the run never earns back: opening a database and running 200 queries takes 0.6 s of
 * CPU instead of 1.0 s, and the server tests' CPU falls by a tenth. The shop itself keeps the optimizing
 * tier: a long scan runs 40 % faster with it (docs/decisions/028).
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'];

/** The same flags for a process already running; they hold for WebAssembly it compiles from now on. */
export function useTestNodeFlags(): void {
  for (const flag of TEST_NODE_FLAGS) setFlagsFromString(flag);
}
