import { sameSignature, signLink } from '../sessions';

/*
 * Signed links (docs/decisions/086-signed-order-links.md): HMAC-SHA256 with the shop's secret of what the
 * link opens and for whom. Nothing is stored: the signature is checked against the order as it is now, so
 * a link stops working when the e-mail it was made for is no longer the order's buyer's.
 */

/** The token of an order's page for the buyer with this e-mail (a guest's, or the account's that owns it). */
export const orderAccessToken = (secret: string, orderId: number, email: string) =>
  signLink(secret, `pedido:${orderId}:${email}`);

export const isOrderAccessToken = (secret: string, orderId: number, email: string, token: string) =>
  sameSignature(orderAccessToken(secret, orderId, email), token);

/** The token that lets this account, with this e-mail, take the guest orders of that e-mail. */
export const claimToken = (secret: string, userId: number, email: string) =>
  signLink(secret, `reclamar:${userId}:${email}`);

export const isClaimToken = (secret: string, userId: number, email: string, token: string) =>
  sameSignature(claimToken(secret, userId, email), token);
