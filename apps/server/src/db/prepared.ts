import type { Db } from './client';

/**
 * A statement on the path of every request of its kind, built by drizzle once per database and prepared
 * under its name, so neither drizzle nor PostgreSQL builds it again per request (decisions 035 and 106):
 * `prepared(db)` is that database's statement.
 */
export function preparedPerDatabase<Statement>(prepare: (db: Db) => Statement): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
