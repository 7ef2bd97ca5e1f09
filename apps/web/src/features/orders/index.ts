/** What the pages of other features may use from orders (the router loads the order pages lazily). */
export { salesQueryKey } from './api/get-sales';
export { useDecideOrderRequest, useOrderRequests } from './api/order-requests';
export { OrderRequestsList } from './components/order-requests-list';
export type { JustPaidState } from './utils/just-paid';
