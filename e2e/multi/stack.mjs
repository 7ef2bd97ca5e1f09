// The shop as a multi-instance deployment runs it: a fresh PostgreSQL database, one s3rver bucket, N app
// processes (the production build) with the same DATABASE_URL, S3_*, COOKIE_SECRET and TRUST_PROXY=true,
// and Debian's nginx in front balancing them round robin. Used by the two-instances project of
// playwright.config.ts (run as a script: stops everything on SIGTERM/SIGINT) and by the nginx bench
// (startStack).
//
//   MULTI_PORT=3310 node e2e/multi/stack.mjs   nginx on 3310, instance i on 3310+i, its /metrics on 3320+i
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';

const SERVER = new URL('../../apps/server/dist/main.js', import.meta.url).pathname;
const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** s3rver with one bucket, objects in `directory`, in a process of its own; answers the child and its port. */
async function startBucket(directory) {
  const code = `new (require('s3rver'))({ address: '127.0.0.1', port: 0, silent: true, directory: process.argv[1],
    configureBuckets: [{ name: 'vitrina' }] }).run().then(({ port }) => console.log(String(port)));`;
  const child = spawn(process.execPath, ['-e', code, directory], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: new URL('../../apps/server/', import.meta.url).pathname,
  });
  const [port] = await once(createInterface({ input: child.stdout }), 'line');
  return { child, port: Number(port) };
}

function nginxConf({ dir, port, upstreams }) {
  return `worker_processes auto;
${process.getuid?.() === 0 ? 'user root root;' : ''}
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream vitrina {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    # Product images and avatars are uploaded through here: above the shop's own 5 MB limit, so the shop
    # answers the Spanish message, not nginx; bodies are buffered (to disk past 1 MB) before they go on.
    client_max_body_size 10m;
    client_body_buffer_size 1m;
    # nginx closes a client's connection after 1,000 requests by default; a load generator then meets
    # the close with a request already on its way and counts an error no browser would see.
    keepalive_requests 1000000;
    location / {
      proxy_pass http://vitrina;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_buffering on;
      proxy_buffers 16 64k;
      proxy_busy_buffers_size 128k;
    }
  }
}
`;
}

async function waitFor(url, exited) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    const gone = await Promise.race([exited, new Promise((r) => setTimeout(() => r(false), 250))]);
    if (gone !== false) throw new Error(`${url}: the process exited (${gone}) before it was ready`);
  }
  throw new Error(`${url} did not become ready`);
}

/**
 * @param {{ port: number, instances: number, env?: Record<string, string>, metrics?: boolean }} options
 * @returns {Promise<{ url: string, instances: Array<{ port: number, metricsPort?: number }>, stop(): Promise<void> }>}
 */
/**
 * `onStop` receives the stack's stop function as soon as there is anything to stop, so a launcher killed
 * while the stack is still starting removes what was started (see the end of this file).
 */
export async function startStack({ port, instances, env = {}, metrics = true, onStop = () => {} }) {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-multi-'));
  const database = `vitrina_multi_${port}`;
  const children = [];
  const exits = new Map();
  const track = (child) => {
    children.push(child);
    exits.set(child, new Promise((r) => child.once('exit', (code, signal) => r(code ?? signal))));
    return child;
  };
  let stopped;
  const stop = () =>
    (stopped ??= (async () => {
      for (const child of [...children].reverse()) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exits.get(child);
      }
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    })());
  onStop(stop);
  try {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${database}`);
    const databaseUrl = new URL(POSTGRES_URL);
    databaseUrl.pathname = `/${database}`;
    const bucket = await startBucket(join(dir, 's3'));
    track(bucket.child);
    const url = `http://127.0.0.1:${port}`;
    const shared = {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl.toString(),
      COOKIE_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'true',
      S3_BUCKET: 'vitrina',
      S3_ENDPOINT: `http://127.0.0.1:${bucket.port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    const started = [];
    // One after the other: the first migrates and seeds the empty database, the others find it ready.
    for (let i = 1; i <= instances; i++) {
      const instance = { port: port + i, metricsPort: metrics ? port + 10 + i : undefined };
      const child = track(
        spawn(process.execPath, ['--enable-source-maps', SERVER], {
          env: {
            ...shared,
            PORT: String(instance.port),
            METRICS_PORT: instance.metricsPort ? String(instance.metricsPort) : '',
            DATA_DIR: join(dir, `data-${i}`),
            SEED_ON_START: i === 1 ? (env.SEED_ON_START ?? 'true') : 'false',
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      );
      await waitFor(`http://127.0.0.1:${instance.port}/api/health/ready`, exits.get(child));
      started.push(instance);
    }
    const conf = join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConf({ dir, port, upstreams: started.map((s) => s.port) }));
    const nginx = track(
      spawn('nginx', ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
    await waitFor(`${url}/api/health/ready`, exits.get(nginx));
    return { url, instances: started, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Listening before anything starts: a signal during the start-up stops what is already running.
  let stop = async () => {};
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'])
    process.once(signal, () => stop().then(() => process.exit(0)));
  const stack = await startStack({
    port: Number(process.env.MULTI_PORT ?? 3310),
    instances: Number(process.env.MULTI_INSTANCES ?? 2),
    onStop: (fn) => {
      stop = fn;
    },
  });
  console.log(`nginx ${stack.url} → ${stack.instances.map((i) => i.port).join(', ')}`);
}
