/** What the pages of other features may use from orders (the router loads the history page lazily). */
export { salesQueryKey } from './api/get-sales';
