import { api } from './api-client';

export interface UploadedImage {
  /** Where the shop stored the image, a `/uploads/….webp` URL. */
  secure_url: string;
}

/** POST /api/uploads (multipart, one `file` field): the server re-encodes the image and answers its URL. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return api<UploadedImage>('/uploads', { method: 'POST', body });
}
