export { healthRoutes } from './routes';
