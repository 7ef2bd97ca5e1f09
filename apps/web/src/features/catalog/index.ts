/** What the app and the pages of other features may use from the catalog (nothing else is public). */
export { categoriesQueryOptions, useCategories } from './api/get-categories';
export { discountedProductsQueryOptions, useDiscountedProducts } from './api/get-discounted-products';
export { productQueryOptions } from './api/get-product';
export { productsQueryOptions } from './api/get-products';
export { listingPath, parseId } from './utils/listing-params';
