export { customerRoutes } from './customer-routes';
export { orderNoticeEmails } from './order-notices';
export { hashPassword } from './password-hash';
export { accountsRoutes } from './routes';
export {
  createGoogleUser,
  findAccountsByEmail,
  findUserByEmail,
  getUser,
  listCustomers,
  registerUser,
  saveShippingAddress,
  setUserEnabled,
  signIn,
  updateOwnProfile,
  updateProfile,
  verifyCredentials,
} from './service';
export { toUsuarioDto } from './user-mapper';
