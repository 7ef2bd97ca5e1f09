/*
 * What the app and the pages of other features may use from the cart: the store and the navbar's badge
 * (both in the entry bundle). The pages are not here: the router loads them lazily.
 */
export { CartLink } from './components/cart-link';
export { CartSync } from './components/cart-sync';
export {
  addProductToCart,
  type CartableProduct,
  clearCart,
  getCartLines,
  type StoredCartLine,
  useCartCount,
  useCartLines,
} from './store/cart-store';
