import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/** The PostgreSQL server programs the machine has (Debian keeps them per version). */
function serverBinaries(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  if (!version) throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql');
  return join(root, version, 'bin');
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, so a test can stop and
 * restart it without disturbing the server other test files share. PostgreSQL refuses to run as root, so
 * as root its files belong to, and its programs run as, the `postgres` account.
 */
export async function privatePostgres() {
  const bin = serverBinaries();
  const dir = await mkdtemp(join(tmpdir(), 'vitrina-pg-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout), Number(gid));
  }
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args])
      : run(join(bin, program), args);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`;
  const ctl = (action: string, ...extra: string[]) =>
    pg('pg_ctl', [
      action,
      '-D',
      dataDir,
      '-s',
      '-w',
      '-t',
      '30',
      '-o',
      options,
      '-l',
      join(dir, 'log'),
      ...extra,
    ]);

  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => ctl('stop', '-m', 'fast'),
    start: () => ctl('start'),
    /** Stops the server and removes its files. */
    async destroy() {
      await ctl('stop', '-m', 'immediate').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
