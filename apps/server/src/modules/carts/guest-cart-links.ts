import type { FastifyReply, FastifyRequest } from 'fastify';
import { sameSignature, signLink } from '../sessions';
import type { CartOwner } from './saved-carts';

/*
 * What names a guest's cart (docs/decisions/095-guest-carts.md), signed as the order links are (086):
 * - in the browser that saved it, an httpOnly cookie holding the cart's id and its signature;
 * - in the reminder, a link signed for the cart and its e-mail, which hands any browser that cookie.
 * Nothing is stored: the server signs again and compares.
 */

export const GUEST_CART_COOKIE = 'carrito_invitado';

/** As long as a browser keeps naming its guest cart after the last save: a month of coming back. */
const COOKIE_MAX_AGE_S = 30 * 24 * 3600;

const cookieValue = (secret: string, cartId: number) =>
  `${cartId}.${signLink(secret, `carrito-invitado:${cartId}`)}`;

/**
 * The guest cart this request's browser saved, or null (no cookie, or one the shop did not sign: only
 * ids of real carts are ever signed, so a signed id is safe to query).
 */
export function guestCartOf(request: FastifyRequest, secret: string): number | null {
  const value = request.cookies[GUEST_CART_COOKIE] ?? '';
  const id = Number(/^([1-9]\d{0,9})\./.exec(value)?.[1]);
  return id && sameSignature(cookieValue(secret, id), value) ? id : null;
}

/** Whose saved cart a buyer's request names: the account's, or the guest cart of the browser's cookie. */
export function buyerCartOf(request: FastifyRequest, secret: string): CartOwner | null {
  if (request.session) return { userId: request.session.user.id_usuario };
  const guestCartId = guestCartOf(request, secret);
  return guestCartId === null ? null : { guestCartId };
}

/** This browser's guest cart from now on. */
export function nameGuestCart(reply: FastifyReply, secret: string, cartId: number, secure: boolean): void {
  reply.setCookie(GUEST_CART_COOKIE, cookieValue(secret, cartId), {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api',
    maxAge: COOKIE_MAX_AGE_S,
  });
}

/** This browser has no guest cart any more (its shopper signed in: the account keeps the cart). */
export const forgetGuestCart = (reply: FastifyReply) =>
  reply.clearCookie(GUEST_CART_COOKIE, { path: '/api' });

/** The token of the reminder's link back to the guest cart `cartId` of `email`. */
export const guestCartLinkToken = (secret: string, cartId: number, email: string) =>
  signLink(secret, `carrito:${cartId}:${email}`);

export const isGuestCartLinkToken = (secret: string, cartId: number, email: string, token: string) =>
  sameSignature(guestCartLinkToken(secret, cartId, email), token);
