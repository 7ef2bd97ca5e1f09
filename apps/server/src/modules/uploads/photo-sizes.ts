import { createHash } from 'node:crypto';
import { PHOTO_FULL_WIDTH, PHOTO_WIDTHS, photoSizeUrl } from '@vitrina/shared';
import type { FileStorage } from '../../storage/local';
import { imageHeader, storeImage, toWebp } from './service';

/** A product photo's full size: at most PHOTO_FULL_WIDTH a side, never enlarged. */
const FULL_SIZE = {
  width: PHOTO_FULL_WIDTH,
  height: PHOTO_FULL_WIDTH,
  fit: 'inside',
  withoutEnlargement: true,
} as const;

/**
 * Stores the smaller sizes of the product photo at `url` beside it (photoSizeUrl), made from `full`, its
 * bytes. A size is never wider than the photo itself, so every size at least as wide as the photo is the
 * same file: the photo's own bytes when they are already the pipeline's WebP (the shop's stored photos
 * always are), else encoded once. Storing them again gives the same files.
 */
export async function storePhotoSizes(options: { storage: FileStorage; url: string; full: Buffer }) {
  const header = await imageHeader(options.full);
  let unscaled: Buffer | undefined;
  for (const width of PHOTO_WIDTHS) {
    const sizeUrl = photoSizeUrl(options.url, width);
    if (!sizeUrl) return;
    const size = { width, withoutEnlargement: true };
    let bytes: Buffer;
    if (width < header.width) bytes = await toWebp(options.full, size);
    else {
      unscaled ??= header.pipelineWebp ? options.full : await toWebp(options.full, size);
      bytes = unscaled;
    }
    await options.storage.save(sizeUrl, bytes);
  }
}

/** A product photo from an upload: stored at its full size and in its smaller sizes; answers its URL. */
export async function storeProductPhoto(options: { storage: FileStorage; bytes: Buffer }): Promise<string> {
  const url = await storeImage(options.storage, 'productos', options.bytes, FULL_SIZE);
  const full = await options.storage.read(url);
  if (full) await storePhotoSizes({ storage: options.storage, url, full: full.bytes });
  return url;
}

/** Where a photo imported with these bytes is stored: the same bytes, the same address. */
export const importedPhotoUrl = (bytes: Uint8Array) =>
  `/uploads/productos/i${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.webp`;

/**
 * A product photo named after its bytes (a catalog import's ZIP): the same photo imported again is the
 * same file, so importing a file twice changes no product. Stored with its sizes when not there yet;
 * throws on anything that is not an image.
 */
export async function storeProductPhotoOnce(options: {
  storage: FileStorage;
  bytes: Uint8Array;
}): Promise<string> {
  const known = importedPhotoUrl(options.bytes);
  if (await options.storage.exists(known)) return known;
  const full = await toWebp(Buffer.from(options.bytes), FULL_SIZE);
  const url = await options.storage.save(known.slice('/uploads/'.length), full);
  await storePhotoSizes({ storage: options.storage, url, full });
  return url;
}

/**
 * Makes sure the photo at `url` has its sizes: stores them from the photo when the smallest is missing.
 * Answers false when the photo itself is not stored (nothing to make them from).
 */
export async function ensurePhotoSizes(options: { storage: FileStorage; url: string }): Promise<boolean> {
  const smallest = photoSizeUrl(options.url, PHOTO_WIDTHS[0]);
  if (!smallest || (await options.storage.exists(smallest))) return true;
  const full = await options.storage.read(options.url);
  if (!full) return false;
  await storePhotoSizes({ storage: options.storage, url: options.url, full: full.bytes });
  return true;
}

/** Deletes a product photo's sizes (the photo itself is the caller's). */
export async function removePhotoSizes(options: { storage: FileStorage; url: string }): Promise<void> {
  for (const width of PHOTO_WIDTHS) {
    const sizeUrl = photoSizeUrl(options.url, width);
    if (sizeUrl) await options.storage.remove(sizeUrl);
  }
}
