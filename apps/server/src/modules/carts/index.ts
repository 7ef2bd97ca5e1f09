export {
  type CartReminderOptions,
  cartRemindersPlugin,
  DEFAULT_CART_REMINDERS,
  sendCartReminders,
} from './abandoned-carts';
export { buyerCartOf } from './guest-cart-links';
export { cartsRoutes } from './routes';
export { type CartOwner, cartOwnerIds, emptiedCartClauses, emptySavedCart } from './saved-carts';
