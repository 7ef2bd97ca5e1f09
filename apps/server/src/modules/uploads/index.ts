export { ensurePhotoSizes, removePhotoSizes, storePhotoSizes } from './photo-sizes';
export { uploadsRoutes } from './routes';
export { storeImage } from './service';
export { DEFAULT_UPLOAD_POLICY, type UploadPolicy } from './upload-limit';
