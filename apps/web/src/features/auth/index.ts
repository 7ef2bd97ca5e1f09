/*
 * What the app and the pages of other features may use from auth. The forms and pages are not here: the
 * router loads them lazily, so their code (and the zod schemas) stays out of the entry bundle.
 */
export { useLogout } from './api/logout';
export { AdminOnly } from './components/admin-only';
export { CustomerOnly } from './components/customer-only';
export { GoogleLoginWelcome } from './components/google-login-welcome';
export { useLoginRedirect } from './components/login-redirect';
export { type AccountLink, type AccountMenuModel, accountMenu } from './utils/account-links';
