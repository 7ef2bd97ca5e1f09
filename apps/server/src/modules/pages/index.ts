export { getPage, listPages } from './pages';
export { pagesRoutes } from './routes';
