export { signInWithGoogle } from './google-accounts';
export { googleRoutes } from './google-routes';
export { GOOGLE_ISSUER, type OidcClientConfig, resolveOidc } from './oidc-client';
