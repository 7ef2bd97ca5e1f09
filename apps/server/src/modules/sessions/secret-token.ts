import { createHash, randomBytes } from 'node:crypto';

/** sha-256 of a token handed to a browser or an e-mail: only the hash is stored, so a stolen table opens nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits, URL-safe, with the hash to store. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
