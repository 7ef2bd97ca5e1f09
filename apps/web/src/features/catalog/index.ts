/** What the app and the pages of other features may use from the catalog (nothing else is public). */
export { categoriesQueryOptions, useCategories } from './api/get-categories';
export { discountedProductsQueryOptions, useDiscountedProducts } from './api/get-discounted-products';
export { facetsQueryOptions } from './api/get-facets';
export { productQueryOptions } from './api/get-product';
export { productRatingsQueryOptions } from './api/get-product-ratings';
export { productsQueryOptions } from './api/get-products';
export { listingPath, parseId } from './utils/listing-params';
