export { settingsRoutes } from './routes';
export {
  type CheckoutSettings,
  readCheckoutSettings,
  readPaymentMethods,
  readSettings,
  readTaxSettings,
} from './settings';
