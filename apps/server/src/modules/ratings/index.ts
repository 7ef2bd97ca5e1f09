export { ratingsAdminRoutes } from './admin-routes';
export { ratingsRoutes } from './routes';
