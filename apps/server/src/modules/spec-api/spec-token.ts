import { createHmac } from 'node:crypto';

/** How long the token claims to be good for: a session's absolute lifetime (decision 004). */
const TOKEN_SECONDS = 30 * 24 * 3600;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * The `token` SPEC's storefront keeps after sign-in: a JWT (HS256) whose payload names the account's
 * `email`, which that front decodes (never verifies) to look the account up with `GET email?email=`.
 * Signed so nobody can pass off a forged one as the shop's, but the shop never reads it back: who is
 * calling is always the HttpOnly session cookie (docs/decisions/066-spec-front-session.md).
 */
export function signSpecToken(
  secret: string,
  user: { id_usuario: number; email: string },
  now = Date.now(),
): string {
  const issuedAt = Math.floor(now / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      sub: String(user.id_usuario),
      email: user.email,
      iat: issuedAt,
      exp: issuedAt + TOKEN_SECONDS,
    }),
  );
  // A key of its own, derived from the cookie secret, so this token can never stand for another signature.
  const key = createHmac('sha256', secret).update('vitrina spec token').digest();
  const signature = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
