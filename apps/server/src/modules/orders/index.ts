export { markLineRated } from './order-lines';
export { recordPaidOrder } from './record-paid-order';
export { settlePendingRefunds } from './refund-order';
export { ordersRoutes } from './routes';
export { sandboxPaymentRoutes } from './sandbox-routes';
export { settlePendingOrders } from './settle-payment';
export { stripeWebhookRoutes } from './stripe-webhook-routes';
