export { ratingsAdminRoutes } from './admin-routes';
export { listAllRatings, setRatingVisible } from './admin-service';
export { ratingsRoutes } from './routes';
export { listProductRatings, rateSaleLine } from './service';
