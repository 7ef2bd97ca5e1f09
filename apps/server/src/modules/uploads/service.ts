import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { badRequest } from '../../errors';
import type { FileStorage } from '../../storage/local';

const MAX_SIDE = 1200;
export const UPLOAD_FOLDERS = ['avatars', 'productos'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/**
 * Stores an uploaded image: decoded and re-encoded by sharp (which strips metadata such as GPS
 * position), at most 1200 px a side, as WebP. Anything sharp cannot decode as an image is refused.
 */
export async function storeImage(storage: FileStorage, folder: UploadFolder, bytes: Buffer): Promise<string> {
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw badRequest('El archivo no es una imagen válida. Usa una imagen JPG, PNG, WebP o GIF.', {
      file: 'El archivo no es una imagen válida',
    });
  }
  return storage.save(`${folder}/${randomBytes(12).toString('hex')}.webp`, webp);
}
