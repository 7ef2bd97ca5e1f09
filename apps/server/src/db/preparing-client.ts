import pg from 'pg';
import { readsOnly } from './statement-kind';

/**
 * The most statements one connection prepares. Each keeps its parse tree and plan in the connection's
 * PostgreSQL backend, 20 to 70 kB for the checkout's (decision 102), until the pool closes the connection
 * after 10 s idle; past the bound, a connection parses the statements it has not prepared on every run.
 */
export const PREPARED_PER_CONNECTION = 100;

/**
 * A pooled connection that prepares every statement that writes or locks rows, under a name of its own on
 * the connection, so PostgreSQL parses and plans it once per connection instead of on every run (decision
 * 102). Drizzle sends the same text for the same query whatever its values. Reads are left unnamed: after
 * five runs PostgreSQL may settle on one generic plan for a prepared statement, which for a search's words
 * costs more than planning each time. A statement without values (BEGIN, a migration) or that names itself
 * (decision 035) goes as it is.
 */
export class PreparingClient extends pg.Client {
  /** Each prepared statement's name on this connection, by its text. */
  readonly #names = new Map<string, string>();
  /** Statements this connection has prepared, including those it no longer uses. */
  #named = 0;

  // biome-ignore lint/suspicious/noExplicitAny: one implementation behind pg.Client.query's overloads.
  override query(config: any, values?: any, callback?: any): any {
    // The (config, values, callback) form pg supports (the pool's own calls) and its types leave out.
    const query = super.query as unknown as (this: pg.Client, ...args: unknown[]) => unknown;
    if (typeof values === 'function') return query.call(this, config, values);
    const name = preparable(config, values) ? this.#nameOf(config.text) : undefined;
    if (!name) return query.call(this, config, values, callback);
    const named = { ...config, name };
    // A migration of another process that changed the type of a column the statement returns makes its
    // prepared form fail for good on this connection: the next run prepares it again under a new name.
    const forgetIfStale = (err: unknown) => {
      if (staleResultType(err)) this.#names.delete(config.text);
    };
    if (typeof callback === 'function')
      return query.call(this, named, values, (err: unknown, result: unknown) => {
        forgetIfStale(err);
        callback(err, result);
      });
    return (query.call(this, named, values) as Promise<unknown>).catch((err: unknown) => {
      forgetIfStale(err);
      throw err;
    });
  }

  #nameOf(text: string): string | undefined {
    let name = this.#names.get(text);
    if (!name && this.#named < PREPARED_PER_CONNECTION) {
      this.#named++;
      name = `prepared_${this.#named}`;
      this.#names.set(text, name);
    }
    return name;
  }
}

/** PostgreSQL's answer to a prepared statement whose result columns changed type since it was prepared. */
const staleResultType = (err: unknown) =>
  err instanceof Error &&
  (err as { code?: string }).code === '0A000' &&
  err.message.includes('cached plan must not change result type');

function preparable(config: unknown, values: unknown): config is pg.QueryConfig {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name, values: own } = config as { text?: unknown; name?: unknown; values?: unknown };
  const given = Array.isArray(values) ? values : own;
  return (
    typeof text === 'string' &&
    name === undefined &&
    Array.isArray(given) &&
    given.length > 0 &&
    !readsOnly(text)
  );
}
