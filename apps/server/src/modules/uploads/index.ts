export {
  ensurePhotoSizes,
  importedPhotoUrl,
  removePhotoSizes,
  storePhotoSizes,
  storeProductPhotoOnce,
} from './photo-sizes';
export { uploadsRoutes } from './routes';
export { storeImage } from './service';
export { DEFAULT_UPLOAD_POLICY, type UploadPolicy } from './upload-limit';
