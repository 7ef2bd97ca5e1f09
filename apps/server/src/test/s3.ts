import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { testTempDir } from './databases';

export interface TestBucket {
  /** The S3_* variables that point the shop at this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Runs in the child: s3rver on 127.0.0.1 and a free port, with one bucket; prints the port (a string: FORCE_COLOR would colour a number). */
const SERVER = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  .run()
  .then(({ port }) => console.log(String(port)));
`;

/**
 * A real S3-compatible server (s3rver, objects on disk in a temporary folder) in a process of its own, as a
 * bucket service would be, with one empty bucket. The shop reaches it through the AWS SDK exactly as it
 * would reach AWS or MinIO.
 */
export async function startBucket(bucket = 'vitrina'): Promise<TestBucket> {
  const directory = await testTempDir('s3-');
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER, directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [port] = (await once(lines, 'line')) as [string];
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver accepts any key pair (and checks the signature with it).
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      const gone = once(child, 'exit');
      child.kill();
      await gone;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
