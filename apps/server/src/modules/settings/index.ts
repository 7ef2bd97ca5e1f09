export { shopIdentityRoutes } from './identity-routes';
export { settingsRoutes } from './routes';
export { readSettings } from './settings';
export { currentShop, readShopIdentity } from './shop-identity';
