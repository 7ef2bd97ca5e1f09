export { specApiRoutes } from './routes';
