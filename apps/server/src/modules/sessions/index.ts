export {
  assertNotLocked,
  clearFailures,
  DEFAULT_THROTTLE,
  recordFailure,
  type ThrottlePolicy,
} from './login-throttle';
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
