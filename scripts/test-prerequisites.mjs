// What `npm test` needs besides node_modules, checked before any test runs: Chromium's headless shell for
// the browser suites (e2e/support/browser.ts), nginx for the two-instances project (e2e/multi/stack.mjs),
// and PostgreSQL, which that project always uses and the API tests use when TEST_DATABASE_URL is set.
// Playwright starts every project's server before its first test, so one missing piece fails the whole
// browser run, and it used to do so only after the unit suite. On Debian as root what is missing is
// installed with apt-get and a stopped PostgreSQL is started; anywhere else the run stops with one line
// naming the command to run.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The PostgreSQL the suites use when TEST_DATABASE_URL is not set (e2e/multi/stack.mjs). */
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_CHROMIUM = '/usr/bin/chromium-headless-shell';
const POSTGRES_READY_SECONDS = 30;

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const onPath = (command, path) =>
  (path ?? '').split(delimiter).some((dir) => dir !== '' && isExecutable(join(dir, command)));

/** Null when PostgreSQL at `url` answers a query, else why not (node-postgres's error). */
async function postgresRefusal(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return { code: error.code, message: error.message };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The cluster Debian's postgresql package made, which this script may start: its version, or null. */
function debianCluster(path) {
  if (!onPath('pg_ctlcluster', path) || !existsSync('/etc/postgresql')) return null;
  return readdirSync('/etc/postgresql').sort()[0] ?? null;
}

/** Whether `url` is the server on this machine's usual port, the only one this script installs or starts. */
function isLocalDefault(url) {
  const { hostname, port } = new URL(url);
  return ['127.0.0.1', 'localhost', '[::1]'].includes(hostname) && (port === '' || port === '5432');
}

/**
 * What is missing, looked up as the suites look for it: `packages` apt-get can install, `postgres` the
 * state of the database server (`ready`, `stopped` with its cluster's version, `absent`, or `unusable`
 * with a reason no package fixes), and `problems` that only the person running the tests can fix.
 */
export async function inspect(env = process.env) {
  const packages = [];
  const problems = [];
  const chromium = env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
  if (!isExecutable(chromium)) {
    if (env.CHROMIUM_PATH === undefined) packages.push('chromium-headless-shell');
    else
      problems.push(
        `CHROMIUM_PATH (${chromium}) is not an executable file: point it at Chromium or unset it`,
      );
  }
  if (!onPath('nginx', env.PATH)) packages.push('nginx');

  const url = env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const refusal = await postgresRefusal(url);
  let postgres = { state: 'ready' };
  if (refusal && refusal.code === 'ECONNREFUSED' && isLocalDefault(url)) {
    const version = debianCluster(env.PATH);
    postgres = version ? { state: 'stopped', version } : { state: 'absent' };
    if (!version) packages.push('postgresql');
  } else if (refusal) {
    const { host } = new URL(url);
    problems.push(
      `PostgreSQL at ${host} refused the tests (${refusal.message}): start it, let its user in without a ` +
        'password from this machine, or set TEST_DATABASE_URL to one the tests may use',
    );
    postgres = { state: 'unusable' };
  }
  return { packages, postgres, problems };
}

/**
 * What to do about it: nothing, install and start (Debian, as root: what CI runs on a clean machine), or
 * stop with one line saying everything that is missing and the command to run.
 */
export function decide({ packages, postgres, problems }, { root, debian }) {
  const startPostgres = postgres.state === 'stopped' || postgres.state === 'absent';
  if (!packages.length && !startPostgres && !problems.length) return {};
  if (root && debian && !problems.length) return { install: packages, startPostgres };
  const needs = postgres.state === 'stopped' ? [...packages, 'PostgreSQL running'] : packages;
  const parts = [];
  if (needs.length && debian) {
    const sudo = root ? '' : 'sudo ';
    const commands = [];
    if (packages.length)
      commands.push(`${sudo}apt-get install -y --no-install-recommends ${packages.join(' ')}`);
    if (postgres.state === 'stopped') commands.push(`${sudo}pg_ctlcluster ${postgres.version} main start`);
    parts.push(`it needs ${needs.join(', ')}: run \`${commands.join(' && ')}\``);
  } else if (needs.length) {
    parts.push(
      `it needs ${needs.join(', ')} (Debian's package names): install them with the system's package manager ` +
        '(CHROMIUM_PATH may name another Chromium)',
    );
  }
  parts.push(...problems);
  return { stop: `npm test cannot run: ${parts.join('; ')}; then run npm test again.` };
}

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(`npm test: \`${command} ${args.join(' ')}\` failed`);
    process.exit(1);
  }
}

async function main() {
  const found = await inspect();
  const debian = existsSync('/etc/debian_version');
  const plan = decide(found, { root: process.getuid?.() === 0, debian });
  if (plan.stop) {
    console.error(plan.stop);
    process.exit(1);
  }
  if (!plan.install) return;
  if (plan.install.length) {
    console.log(`npm test: installing ${plan.install.join(' ')} with apt-get, for the browser suites`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...plan.install]);
  }
  if (plan.startPostgres) {
    const url = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
    // The package starts its cluster where services may start; a container does not let it.
    if (await postgresRefusal(url)) {
      const version = debianCluster(process.env.PATH);
      console.log(`npm test: starting PostgreSQL ${version}`);
      run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
    }
    // A server still starting refuses connections, then answers 57P03 until it accepts them.
    for (let waited = 0; ; waited += 1) {
      const refusal = await postgresRefusal(url);
      if (!refusal) break;
      if (!['ECONNREFUSED', '57P03'].includes(refusal.code) || waited === POSTGRES_READY_SECONDS) {
        console.error(`npm test: PostgreSQL at 127.0.0.1:5432 refuses the tests (${refusal.message})`);
        process.exit(1);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  // What apt-get installed must now be where the suites look for it (nginx on PATH).
  const { packages } = await inspect();
  if (packages.length) {
    console.error(
      `npm test: after apt-get, ${packages.join(', ')} still cannot be found (nginx is looked up on PATH)`,
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
