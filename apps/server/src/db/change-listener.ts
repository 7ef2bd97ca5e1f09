import pg from 'pg';

/** Waits between reconnection attempts: quick at first, then doubling up to a few seconds. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;

export interface ChangeListener {
  /** True while the connection is up and LISTENing: no announcement can be missed. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * One connection, outside the pool, that LISTENs to `channels` for as long as the process lives. When it
 * is lost (the backend was terminated, PostgreSQL restarted) it reconnects with backoff; announcements
 * made meanwhile are lost, so `onListening` runs each time it listens again, for whoever keeps copies
 * to throw them away. Resolves once the first attempt is over, whether it connected or not.
 */
export async function listenForChanges(
  url: string,
  channels: readonly string[],
  handlers: {
    onNotification(channel: string): void;
    onListening(): void;
    onError(err: Error): void;
  },
  connectTimeoutMs: number,
): Promise<ChangeListener> {
  let live: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  function scheduleRetry() {
    if (closed || retry) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt++);
    // Jitter keeps many instances from reconnecting in lockstep after a restart.
    retry = setTimeout(
      () => {
        retry = undefined;
        void connect();
      },
      delay * (0.75 + Math.random() / 2),
    );
    retry.unref();
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    // Without a listener a dropped connection's 'error' event would end the process.
    client.on('error', handlers.onError);
    client.on('notification', (message) => handlers.onNotification(message.channel));
    client.on('end', () => {
      if (live !== client) return;
      live = undefined;
      scheduleRetry();
    });
    try {
      await client.connect();
      await client.query(channels.map((channel) => `LISTEN ${channel}`).join(';'));
    } catch (err) {
      handlers.onError(err as Error);
      client.end().catch(() => {});
      scheduleRetry();
      return;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    live = client;
    attempt = 0;
    handlers.onListening();
  }

  await connect();
  return {
    listening: () => live !== undefined,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = live;
      live = undefined;
      await client?.end().catch(() => {});
    },
  };
}
