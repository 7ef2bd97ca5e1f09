export { automaticPromotions, type PromotionRow, promotionsFor } from './promotions';
export { promotionsRoutes } from './routes';
