import type { Config } from '../config';
import { type FileStorage, localStorage } from './local';

/**
 * The store config.ts names: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. The bucket's module
 * and its SDK are loaded only then: the AWS SDK alone takes more than a tenth of a second to load.
 */
export async function createStorage(config: Pick<Config, 'storage'>): Promise<FileStorage> {
  if (config.storage.kind === 'local') return localStorage(config.storage.dir);
  const { s3Storage } = await import('./s3');
  return s3Storage(config.storage);
}
