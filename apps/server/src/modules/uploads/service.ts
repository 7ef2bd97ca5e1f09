import { randomBytes } from 'node:crypto';
import type { ResizeOptions } from 'sharp';
import { badRequest } from '../../errors';
import type { FileStorage } from '../../storage/local';

const MAX_SIDE = 1200;
export const UPLOAD_FOLDERS = ['avatars', 'productos'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** An upload's size: at most 1200 px a side, its proportions kept, never enlarged. */
export const UPLOAD_SIZE: ResizeOptions = {
  width: MAX_SIDE,
  height: MAX_SIDE,
  fit: 'inside',
  withoutEnlargement: true,
};

/**
 * The shop's one image pipeline: decoded and re-encoded by sharp (which strips metadata such as GPS
 * position), turned upright, resized to `size`, as WebP. Throws on anything sharp cannot decode as an
 * image. sharp is loaded with the first image rather than at every start of the shop.
 */
export async function toWebp(bytes: Buffer, size: ResizeOptions): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(bytes, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(size)
    .webp({ quality: 80 })
    .toBuffer();
}

/** What sizing a stored photo needs to know of it, read from its header alone. */
export interface ImageHeader {
  /** Its width as it stands upright (toWebp's output always does). */
  width: number;
  /**
   * Whether its bytes are already what toWebp would make of them at its own width: an upright WebP that
   * carries no metadata. Encoding such a photo again only costs time and loses quality.
   */
  pipelineWebp: boolean;
}

export async function imageHeader(bytes: Buffer): Promise<ImageHeader> {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(bytes).metadata();
  return {
    width: meta.autoOrient.width,
    pipelineWebp:
      meta.format === 'webp' && (meta.orientation ?? 1) === 1 && !meta.exif && !meta.xmp && !meta.icc,
  };
}

/**
 * Stores an image through the pipeline (toWebp) under a random name in `folder`, and returns its URL.
 * Anything that is not an image is refused with 400.
 */
export async function storeImage(
  storage: FileStorage,
  folder: UploadFolder,
  bytes: Buffer,
  size: ResizeOptions = UPLOAD_SIZE,
): Promise<string> {
  let webp: Buffer;
  try {
    webp = await toWebp(bytes, size);
  } catch {
    throw badRequest('El archivo no es una imagen válida. Usa una imagen JPG, PNG, WebP o GIF.', {
      file: 'El archivo no es una imagen válida',
    });
  }
  return storage.save(`${folder}/${randomBytes(12).toString('hex')}.webp`, webp);
}
