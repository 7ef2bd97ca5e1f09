import type { Config } from '../config';
import { type FileStorage, localStorage } from './local';
import { s3Storage } from './s3';

/**
 * The store config.ts names: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. Only a bucket loads
 * the AWS SDK (s3Storage imports it when called).
 */
export async function createStorage(config: Pick<Config, 'storage'>): Promise<FileStorage> {
  return config.storage.kind === 's3' ? s3Storage(config.storage) : localStorage(config.storage.dir);
}
