export { publicConfigRoutes } from './config-routes';
export { loadRenderer, type RenderPage } from './render';
export { siteRoutes } from './routes';
export { specFrontRoutes } from './spec-front';
