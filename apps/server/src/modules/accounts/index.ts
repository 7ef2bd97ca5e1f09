export { hashPassword } from './password-hash';
export { accountsRoutes } from './routes';
export { createGoogleUser, verifyCredentials } from './service';
