export { ratingsAdminRoutes } from './admin-routes';
export { listAllRatings, setRatingVisible } from './admin-service';
export { ratingsRoutes } from './routes';
export { adoptGuestRatings, listProductRatings, rateSaleLine } from './service';
