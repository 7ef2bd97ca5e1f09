/** What the app may use from the cart (the cart page comes with the cart issue). */
export { CartLink } from './components/cart-link';
