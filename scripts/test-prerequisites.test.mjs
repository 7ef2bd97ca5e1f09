import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { decide, inspect } from './test-prerequisites.mjs';

const SCRIPT = fileURLToPath(new URL('./test-prerequisites.mjs', import.meta.url));
const ready = { state: 'ready' };

describe('decide', () => {
  it('does nothing when every piece is there', () => {
    expect(decide({ packages: [], postgres: ready, problems: [] }, { root: false, debian: true })).toEqual(
      {},
    );
  });

  it('installs the missing packages and starts PostgreSQL on Debian as root', () => {
    const found = { packages: ['nginx', 'postgresql'], postgres: { state: 'absent' }, problems: [] };
    expect(decide(found, { root: true, debian: true })).toEqual({
      install: ['nginx', 'postgresql'],
      startPostgres: true,
    });
  });

  it('names the apt-get and pg_ctlcluster commands to a user who is not root', () => {
    const found = { packages: ['nginx'], postgres: { state: 'stopped', version: '15' }, problems: [] };
    expect(decide(found, { root: false, debian: true }).stop).toBe(
      'npm test cannot run: it needs nginx, PostgreSQL running: run ' +
        '`sudo apt-get install -y --no-install-recommends nginx && sudo pg_ctlcluster 15 main start`; ' +
        'then run npm test again.',
    );
  });

  it('names what is missing where apt-get is not the package manager', () => {
    const found = { packages: ['chromium-headless-shell'], postgres: ready, problems: [] };
    const { stop } = decide(found, { root: true, debian: false });
    expect(stop).toContain('it needs chromium-headless-shell');
    expect(stop).not.toContain('apt-get');
  });

  it('stops even as root when no package can fix it, saying everything at once', () => {
    const problem = 'PostgreSQL at db.example refused the tests (timeout): start it';
    const found = { packages: ['nginx'], postgres: { state: 'unusable' }, problems: [problem] };
    const { stop } = decide(found, { root: true, debian: true });
    expect(stop).toContain('apt-get install -y --no-install-recommends nginx');
    expect(stop).toContain(problem);
  });
});

describe('inspect, then decide', () => {
  const emptyPath = mkdtempSync(join(tmpdir(), 'vitrina-no-nginx-'));
  afterAll(() => rmSync(emptyPath, { recursive: true, force: true }));

  it('tells a user who is not root, with nginx nowhere on PATH, the apt-get command that installs it', async () => {
    const found = await inspect({ PATH: emptyPath });
    const { stop } = decide(found, { root: false, debian: true });
    expect(stop).toMatch(
      /^npm test cannot run: it needs [^:]*\bnginx\b[^:]*: run `sudo apt-get install -y --no-install-recommends [^`]*\bnginx\b/,
    );
  });

  it('as a command, stops at once with one line and exit code 1, installing nothing, whoever runs it', () => {
    // A Chromium that is not there under CHROMIUM_PATH is for the person running the tests to fix: even
    // root on Debian gets the line instead of an apt-get run.
    const result = spawnSync(process.execPath, [SCRIPT], {
      env: { PATH: emptyPath, CHROMIUM_PATH: join(emptyPath, 'chromium') },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^npm test cannot run: .*\bnginx\b.*CHROMIUM_PATH .* is not an executable file.*then run npm test again\.$/,
    );
  });
});
