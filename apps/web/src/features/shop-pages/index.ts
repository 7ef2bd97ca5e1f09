/** What the app and the admin may use of the shop's pages. */
export { PageArticle } from './components/page-article';
