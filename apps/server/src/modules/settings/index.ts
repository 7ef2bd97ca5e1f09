export { shopIdentityRoutes } from './identity-routes';
export { settingsRoutes } from './routes';
export {
  type CheckoutSettings,
  readCheckoutSettings,
  readPaymentMethods,
  readSettings,
  readTaxSettings,
} from './settings';
export { currentShop, readShopIdentity } from './shop-identity';
