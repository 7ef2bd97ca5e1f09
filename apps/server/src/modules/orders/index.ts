// Orders paid later (docs/decisions/056): what a provider's adapter (Mercado Pago) plugs into.
export type { OrderContext } from './context';
export { queueDailySummary } from './daily-summary';
export { type ExpiryOptions, expireUnpaidOrders, unpaidOrdersExpiryPlugin } from './expire-unpaid-orders';
export { keptSettings } from './kept-settings';
export { listOrders } from './list-orders';
export { applyMercadoPagoPayment, mercadoPagoRedirect, reconcileOrder } from './mercadopago-payments';
export {
  mercadoPagoReconciliationPlugin,
  type ReconciliationOptions,
  reconcileMercadoPago,
} from './mercadopago-reconciliation';
export { mercadoPagoRoutes } from './mercadopago-routes';
export { mercadoPagoSandboxRoutes } from './mercadopago-sandbox-routes';
export { orderByLink } from './order-detail';
export { markLineRated } from './order-lines';
export {
  type ConfirmedPayment,
  listAwaitingPayment,
  markPaidByProvider,
  type PendingSale,
  type ProviderPaymentOutcome,
  recordLatePayment,
  type StartRedirect,
} from './pay-later';
export { type CheckoutReply, createPendingOrder, placeOrder } from './place-order';
export { usesByPromotion } from './price-cart';
export { recordPaidOrder } from './record-paid-order';
export { settlePendingRefunds } from './refund-order';
export { ordersRoutes } from './routes';
export { sandboxPaymentRoutes } from './sandbox-routes';
export { backgroundSettler } from './settle-later';
export { settlePendingOrders } from './settle-payment';
export { stripeWebhookRoutes } from './stripe-webhook-routes';
