import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** Public URL prefix under which stored files are served. */
export const UPLOADS_URL_PREFIX = '/uploads/';

export interface FileStorage {
  /** Stores the bytes under a relative key such as 'productos/12.webp' and returns the public URL. */
  save(key: string, bytes: Buffer): Promise<string>;
}

export function localStorage(rootDir: string): FileStorage {
  return {
    async save(key, bytes) {
      const relative = normalize(key);
      if (relative.startsWith('..') || relative.startsWith('/'))
        throw new Error(`Invalid storage key: ${key}`);
      const path = join(rootDir, relative);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
      return `${UPLOADS_URL_PREFIX}${relative}`;
    },
  };
}
