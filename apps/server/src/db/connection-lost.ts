/**
 * SQLSTATEs that say the connection, not the statement, failed: class 08 (connection exception),
 * an administrator or a crash ending the backend, a server still starting or stopping, and a server with
 * no connection to spare. The same statement may well succeed a moment later on another connection.
 */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What the operating system says when PostgreSQL is not there (restarting, moved, network down). */
const LOST_SYSCALL_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres and its pool report a dead connection with plain messages and no code. */
const LOST_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/**
 * Whether `err` (or an error it wraps: Drizzle wraps the driver's in `cause`) means the database could
 * not be reached or dropped the connection, as opposed to refusing the statement. Such a failure is the
 * service being unavailable for a moment (503), never the caller's fault and never a bug (500).
 */
export function isConnectionLost(err: unknown): boolean {
  for (let cause = err, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || LOST_SQLSTATES.has(code))) return true;
    if (typeof code === 'string' && LOST_SYSCALL_CODES.has(code)) return true;
    const { message } = cause;
    if (LOST_MESSAGES.some((lost) => message.startsWith(lost))) return true;
  }
  return false;
}
