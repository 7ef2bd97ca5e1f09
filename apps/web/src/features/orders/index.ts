/** What other features may use from orders (the history page itself is loaded lazily by the router). */
export { salesQueryKey } from './api/get-sales';
