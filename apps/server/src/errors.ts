/**
 * A failure the client can act on. The error handler turns it into DESIGN.md's shape:
 * `{ error: <stable English text>, message: <Spanish text for the user>, fields? }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** For 429 and 503: when the client may try again, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Debes iniciar sesión para continuar.') =>
  new AppError(401, 'Unauthorized', message);
export const forbidden = (message = 'No tienes permiso para realizar esta acción.') =>
  new AppError(403, 'Forbidden', message);
export const notFound = (message: string) => new AppError(404, 'Not Found', message);
/** The request is valid but collides with the current state (already rated, sold out, e-mail taken). */
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'Conflict', message, fields);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'Bad Request', message, fields);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'Too Many Requests', message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));

/** The driver's own error under the wrappers (Drizzle's carries the whole statement). */
export function rootCause(err: Error): Error {
  let cause = err;
  while (cause.cause instanceof Error) cause = cause.cause;
  return cause;
}
