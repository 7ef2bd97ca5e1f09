import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags for every Node process the server's tests run: vitest's workers (vitest.config.ts), the shop
 * and its scripts that the tests start, and vitest's own process while global-setup.ts builds the
 * templates (`useTestNodeFlags`).
 *
 * `--liftoff-only`: PGlite is a large WebAssembly module, and V8 recompiles its hot functions with its
 * optimizing tier on other threads. A test run opens dozens of databases and runs few queries on each, so
 * that recompiling is CPU the run never earns back. The shop itself keeps the optimizing tier, which long
 * scans earn back (docs/decisions/028 has both measurements).
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'];

/** The same flags for a process already running; they hold for WebAssembly it compiles from now on. */
export function useTestNodeFlags(): void {
  for (const flag of TEST_NODE_FLAGS) setFlagsFromString(flag);
}
