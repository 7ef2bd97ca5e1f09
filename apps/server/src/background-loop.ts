import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundLoop {
  start(): void;
  /** Wakes a sleeping loop and waits for the pass in flight: a closing app leaves no query behind. */
  stop(): Promise<void>;
}

/**
 * A job every process runs over and over (cancelling unpaid orders, reminding abandoned carts): `pass`
 * does one batch and answers how long to sleep before the next (0: at once, more is waiting). The loop
 * sleeps between passes without holding a connection, and after a failed pass logs `failure` and tries
 * again `retryMs` later. The passes themselves make several processes safe (SKIP LOCKED).
 */
export function backgroundLoop({
  pass,
  retryMs,
  log,
  failure,
}: {
  pass: () => Promise<number>;
  retryMs: number;
  log: FastifyBaseLogger;
  failure: string;
}): BackgroundLoop {
  let stopped = false;
  let running: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;

  const sleep = (ms: number) =>
    stopped || ms <= 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(done, ms);
          function done() {
            clearTimeout(timer);
            wakeUp = undefined;
            resolve();
          }
          wakeUp = done;
        });

  async function loop() {
    while (!stopped) {
      try {
        await sleep(await pass());
      } catch (err) {
        if (stopped) return;
        log.warn({ err }, failure);
        await sleep(retryMs);
      }
    }
  }

  return {
    start() {
      running ??= loop();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}
