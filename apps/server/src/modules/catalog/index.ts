export { catalogAdminRoutes } from './admin-routes';
export {
  createProduct,
  editProduct,
  getProductForAdmin,
  getProductsByIds,
  listAllProducts,
  toggleProduct,
} from './admin-service';
export { availableStock } from './available-stock';
export { catalogCache, type KeptAnswer, serveFromCache } from './cache';
export { catalogImportRoutes } from './import-routes';
export { sizeStoredPhotos } from './photos';
export { countRating, uncountRating } from './rating-totals';
export { catalogRoutes } from './routes';
export { searchCounter } from './search/analytics';
export { SHIPPED_ENGLISH } from './search/english-data';
export { searchRoutes } from './search/routes';
export { SHIPPED_SYNONYMS } from './search/synonyms-data';
export { SHIPPED_USES } from './search/uses-data';
export {
  getCategory,
  getVisibleProduct,
  listCategories,
  listProducts,
  listVisibleProductIds,
} from './service';
export { priceLines, returnStock, type TakenLine, takeStock } from './stock';
export { countUnitsSold, type UnitsSoldOptions, unitsSoldPlugin } from './units-sold';
