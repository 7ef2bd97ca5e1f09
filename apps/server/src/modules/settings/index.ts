export { settingsRoutes } from './routes';
export { readSettings } from './settings';
