import { z } from 'zod';
import { emailField, personName } from './validation/registro';

/*
 * Guest checkout (docs/decisions/085-guest-checkout.md): a visitor buys with an e-mail and a name, no
 * account; the order is reached by a signed link (086) and claimed by the account of that e-mail.
 */

export const GUEST_MESSAGES = {
  /** SPEC's notice when buying needs an account: guest checkout switched off. */
  loginRequired: 'Debe de iniciar sesion para comprar',
  missingGuest: 'Escribe tu correo y tu nombre para comprar sin cuenta',
  tooMany: 'Demasiadas compras sin cuenta desde esta dirección. Espera una hora o crea una cuenta.',
  linkInvalid: 'El enlace del pedido no es válido. Búscalo en Consultar pedido con su número y tu correo.',
  claimSent: 'Si tienes compras sin cuenta con tu correo, te enviamos un enlace para sumarlas a tu cuenta.',
  claimInvalid: 'El enlace para sumar tus compras no es válido para esta cuenta.',
  claimed: (n: number) => (n === 1 ? 'Sumamos 1 compra a tu cuenta.' : `Sumamos ${n} compras a tu cuenta.`),
} as const;

/** Who buys without an account: `invitado` in POST /api/venta. */
export const guestSchema = z.object(
  { email: emailField, nombre: personName },
  { error: GUEST_MESSAGES.missingGuest },
);
export type Guest = z.infer<typeof guestSchema>;

/** GET/PUT /api/ajustes/invitados: visitors may buy without an account (on by default). */
export const guestCheckoutSettingsSchema = z.object({
  compra_invitado: z.boolean({ error: 'Indica con sí o no si se puede comprar sin cuenta' }),
});
export type GuestCheckoutSettings = z.infer<typeof guestCheckoutSettingsSchema>;

/** A signed link's token (base64url of an HMAC-SHA256): its shape only; the server checks the signature. */
export const accessTokenSchema = z
  .string({ error: GUEST_MESSAGES.linkInvalid })
  .max(64, { error: GUEST_MESSAGES.linkInvalid })
  .regex(/^[\w-]+$/, { error: GUEST_MESSAGES.linkInvalid });

/** ?acceso= of the order page reached from an e-mail's link. */
export const orderAccessQuerySchema = z.object({ acceso: accessTokenSchema });

/** POST /api/pedidos/reclamar/confirmar: the token of the link the claim e-mail carried. */
export const claimOrdersSchema = z.object({ token: accessTokenSchema });
