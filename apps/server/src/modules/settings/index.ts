export { readGuestCheckout } from './guest-checkout-settings';
export { shopIdentityRoutes } from './identity-routes';
export { readInventorySettings } from './inventory-settings';
export { settingsRoutes } from './routes';
export {
  type CheckoutSettings,
  readCheckoutSettings,
  readPaymentMethods,
  readSettings,
  readTaxSettings,
} from './settings';
export { readShippingSettings } from './shipping-settings';
export { currentShop, currentShopAndNotices, readShopIdentity } from './shop-identity';
export { readShopNotices } from './shop-notices';
