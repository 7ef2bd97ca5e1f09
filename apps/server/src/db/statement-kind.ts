/** A statement that begins as a read (SELECT, or a WITH before one)… */
const READ = /^\s*(select|with)\b/i;
/** …unless it writes in a WITH clause or locks what it reads (FOR UPDATE, FOR NO KEY UPDATE). */
const WRITES_OR_LOCKS = /\b(insert|update|delete)\b/i;

/**
 * Whether a statement Drizzle sends only reads: it changes nothing and locks nothing, so it may be sent
 * again after a lost connection (client.ts), and its best plan may depend on its values, so it is not
 * prepared (preparing-client.ts).
 */
export const readsOnly = (text: string): boolean => READ.test(text) && !WRITES_OR_LOCKS.test(text);

/** The SQL of what a driver's `query` was given: the text itself, or a config object's `text`. */
export const statementText = (config: unknown): string =>
  typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
