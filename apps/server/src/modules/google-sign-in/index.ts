export { signInWithGoogle } from './google-accounts';
export { googleRoutes } from './google-routes';
export { type OidcClientConfig, resolveOidc } from './oidc-client';
