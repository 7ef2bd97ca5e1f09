import type { Config } from '../config';
import { type FileStorage, localStorage } from './local';
import { s3Storage } from './s3';

/** The store config.ts names: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 'storage'>): FileStorage {
  return config.storage.kind === 's3' ? s3Storage(config.storage) : localStorage(config.storage.dir);
}
