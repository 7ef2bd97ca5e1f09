export { mercadoPagoSandboxRoutes } from './mercadopago-sandbox-routes';
export { markLineRated } from './order-lines';
export { type ShopIdentity, shopIdentity } from './order-mail';
export { recordPaidOrder } from './record-paid-order';
export { settlePendingRefunds } from './refund-order';
export { ordersRoutes } from './routes';
export { sandboxPaymentRoutes } from './sandbox-routes';
export { settlePendingOrders } from './settle-payment';
export { stripeWebhookRoutes } from './stripe-webhook-routes';
