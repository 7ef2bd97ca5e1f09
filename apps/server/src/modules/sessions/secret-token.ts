import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** sha-256 of a token handed to a browser or an e-mail: only the hash is stored, so a stolen table opens nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits, URL-safe, with the hash to store. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/**
 * A signed link's token (docs/decisions/086-signed-order-links.md): HMAC-SHA256, base64url, of what the
 * link opens and for whom, with the shop's secret. Nothing is stored: the server signs again and compares.
 */
export const signLink = (secret: string, message: string) =>
  createHmac('sha256', secret).update(message).digest('base64url');

/** Whether `token` is `expected`, compared in constant time. */
export function sameSignature(expected: string, token: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
