import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Signed links (docs/decisions/086-signed-order-links.md): HMAC-SHA256 with the shop's secret of what the
 * link opens and for whom. Nothing is stored: the signature is checked against the order as it is now, so
 * a link stops working when the e-mail it was made for is no longer the order's buyer's.
 */

const sign = (secret: string, message: string) =>
  createHmac('sha256', secret).update(message).digest('base64url');

function matches(expected: string, token: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token of an order's page for the buyer with this e-mail (a guest's, or the account's that owns it). */
export const orderAccessToken = (secret: string, orderId: number, email: string) =>
  sign(secret, `pedido:${orderId}:${email}`);

export const isOrderAccessToken = (secret: string, orderId: number, email: string, token: string) =>
  matches(orderAccessToken(secret, orderId, email), token);

/** The token that lets this account, with this e-mail, take the guest orders of that e-mail. */
export const claimToken = (secret: string, userId: number, email: string) =>
  sign(secret, `reclamar:${userId}:${email}`);

export const isClaimToken = (secret: string, userId: number, email: string, token: string) =>
  matches(claimToken(secret, userId, email), token);
