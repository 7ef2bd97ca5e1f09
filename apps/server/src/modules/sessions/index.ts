export {
  assertNotLocked,
  clearFailures,
  countGuestCart,
  countGuestPurchase,
  countOrderLookup,
  countRecoveryRequest,
  DEFAULT_THROTTLE,
  recordFailure,
  type ThrottlePolicy,
} from './login-throttle';
export { hashToken, newSecretToken, sameSignature, signLink } from './secret-token';
export {
  cookieSecure,
  endSession,
  findSession,
  purgeExpiredSessions,
  revokeSessions,
  SESSION_COOKIE,
  startSession,
  type UserRow,
} from './sessions';
