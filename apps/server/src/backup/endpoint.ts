import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/**
 * The file in DATA_DIR through which `npm run backup` reaches the running shop: its address and a
 * random token made at each start. Whoever can read DATA_DIR can read the database's files anyway, so
 * the token gives nothing more; it keeps the route closed to everyone else.
 */
export const BACKUP_ENDPOINT_FILE = 'vitrina.backup.json';
export const BACKUP_ROUTE = '/api/interno/copia';
export const BACKUP_TOKEN_HEADER = 'x-vitrina-backup-token';

export interface BackupEndpoint {
  url: string;
  token: string;
}

/**
 * GET /api/interno/copia: the embedded database's data folder as a gzipped tar (PGlite's dumpDataDir),
 * taken by the process that has it open, between two statements. Only with the token of the file above.
 */
export function registerBackupRoute(app: FastifyInstance, database: Database, token: string): void {
  const expected = Buffer.from(token);
  // 'anyone' for the session check: the token below is the access rule.
  app.get(BACKUP_ROUTE, { schema: { hide: true }, config: { access: 'anyone' } }, async (request, reply) => {
    const given = Buffer.from(String(request.headers[BACKUP_TOKEN_HEADER] ?? ''));
    if (!database.dumpDataDir || given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(404).send({ error: 'No encontrado' });
    const dump = await database.dumpDataDir();
    return reply.header('content-type', 'application/gzip').header('cache-control', 'no-store').send(dump);
  });
}

export const newBackupToken = () => randomBytes(32).toString('base64url');

/** Written once the shop listens; removed when it stops (a stale one is harmless: its token is dead). */
export function writeBackupEndpoint(dataDir: string, endpoint: BackupEndpoint): () => void {
  const path = join(dataDir, BACKUP_ENDPOINT_FILE);
  writeFileSync(path, JSON.stringify(endpoint), { mode: 0o600 });
  return () => rmSync(path, { force: true });
}

/** The address the backup script calls: the loopback when the shop listens on every interface. */
export function localUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}
