import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** Public URL prefix under which stored files are served. */
export const UPLOADS_URL_PREFIX = '/uploads/';

export interface FileStorage {
  /** Stores the bytes under a relative key such as 'productos/12.webp' and returns the public URL. */
  save(key: string, bytes: Buffer): Promise<string>;
  /** Whether the file behind a URL that save() returned is stored. */
  exists(url: string): Promise<boolean>;
  /** Deletes the file behind a URL that save() returned; a file already gone is not an error. */
  remove(url: string): Promise<void>;
  /** The bytes behind a URL that save() returned, or undefined when nothing is stored there. */
  read(url: string): Promise<StoredFile | undefined>;
}

/** A stored file's bytes: images are at most a few hundred kB once re-encoded (uploads/service.ts). */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

/** The media type of a stored file, from its name's extension. */
export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/**
 * How long browsers and CDNs may keep a stored file: forever, since a name is never given other bytes
 * (uploads get random names; the seed's names always hold the same drawing).
 */
export const STORED_FILE_CACHE = 'public, max-age=31536000, immutable';

/** The relative key of a storage key or public URL, refusing anything that could leave the root. */
export function safeKey(keyOrUrl: string): string {
  const key = keyOrUrl.startsWith(UPLOADS_URL_PREFIX) ? keyOrUrl.slice(UPLOADS_URL_PREFIX.length) : keyOrUrl;
  const relative = normalize(key);
  if (relative.startsWith('..') || relative.startsWith('/') || relative === '.')
    throw new Error(`Invalid storage key: ${keyOrUrl}`);
  return relative;
}

export function localStorage(rootDir: string): FileStorage {
  return {
    async save(key, bytes) {
      const relative = safeKey(key);
      const path = join(rootDir, relative);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
      return `${UPLOADS_URL_PREFIX}${relative}`;
    },
    async exists(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return false;
      return access(join(rootDir, safeKey(url))).then(
        () => true,
        () => false,
      );
    },
    async remove(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return;
      await rm(join(rootDir, safeKey(url)), { force: true });
    },
    async read(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return undefined;
      const path = join(rootDir, safeKey(url));
      const bytes = await readFile(path).catch(() => undefined);
      return bytes && { bytes, contentType: contentTypeOf(path) };
    },
  };
}
