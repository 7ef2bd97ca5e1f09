/*
 * What the app and other features may use from auth. The forms and pages are not here: the router
 * loads them lazily, so their code (and the zod schemas) stays out of the entry bundle.
 */
export { configQueryOptions, type ShopConfig, useConfig } from './api/get-config';
export {
  endLocalSession,
  type Session,
  sessionQueryKey,
  sessionQueryOptions,
  updateSessionUser,
  useSession,
} from './api/get-session';
export { useLogout } from './api/logout';
export { AdminOnly } from './components/admin-only';
export { CustomerOnly } from './components/customer-only';
export { GoogleLoginWelcome } from './components/google-login-welcome';
export { type AccountLink, type AccountMenuModel, accountMenu } from './utils/account-links';
