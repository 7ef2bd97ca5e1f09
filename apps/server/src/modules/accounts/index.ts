export { hashPassword } from './password-hash';
export { accountsRoutes } from './routes';
export { createGoogleUser, saveShippingAddress, verifyCredentials } from './service';
