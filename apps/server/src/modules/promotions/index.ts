export { promotionsFor } from './promotions';
export { promotionsRoutes } from './routes';
