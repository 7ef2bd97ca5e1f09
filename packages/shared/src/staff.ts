import { z } from 'zod';
import { STAFF_ROLES } from './staff-roles';
import { emailField } from './validation/registro';

/* The API of staff with roles: its messages and request and answer schemas (rules in staff-roles.ts). */

export const STAFF_MESSAGES = {
  /** A staff member on a route their role does not open. */
  forbidden: 'Tu cuenta del personal no tiene permiso para esta acción. Pídesela al dueño de la tienda.',
  /** A staff member trying to buy or rate. */
  cannotBuy: 'El personal de la tienda no puede comprar con su cuenta de trabajo.',
  /** Cancelling an order gives the money back: the owner's decision. */
  cancelOwnerOnly: 'Solo el dueño de la tienda puede cancelar un pedido, porque cancelar devuelve el dinero.',
  invalidInvitation: 'La invitación no es válida: venció, ya se usó o fue cancelada. Pide una nueva.',
  wrongEmail: (email: string) =>
    `Esta invitación es para ${email}. Inicia sesión o regístrate con ese correo para aceptarla.`,
  ownerEmail: 'El dueño de la tienda no puede invitarse como personal.',
  alreadyStaff: 'Esa cuenta ya es parte del personal. Cambia su rol en la lista.',
  notStaff: 'Esa cuenta no es parte del personal.',
  bannedAccount: 'Esa cuenta está baneada: restáurala antes de invitarla.',
} as const;

/** How long an invitation link lasts. */
export const STAFF_INVITATION_DAYS = 7;

const rolField = z.enum(STAFF_ROLES, { error: 'El rol debe ser encargado o ventas' });

/** POST /api/personal: invite someone by e-mail with a role. */
export const staffInviteSchema = z.object({ email: emailField, rol: rolField });
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** PUT /api/personal/:id: the staff member's new role. */
export const staffRoleSchema = z.object({ rol: rolField });

/** POST /api/personal/aceptar: the token of the invitation's link. */
export const staffAcceptSchema = z.object({
  token: z
    .string({ error: 'Falta el enlace de la invitación' })
    .regex(/^[\w-]{20,100}$/, { error: 'El enlace de la invitación no es válido' }),
});

export const staffMemberSchema = z.object({
  id_usuario: z.number().int(),
  nombre: z.string(),
  email: z.string(),
  rol: z.enum(STAFF_ROLES),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  rol: z.enum(STAFF_ROLES),
  expira: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** GET /api/personal: the staff and the invitations not accepted yet. */
export const staffListSchema = z.object({
  personal: z.array(staffMemberSchema),
  invitaciones: z.array(staffInvitationSchema),
});
export type StaffList = z.infer<typeof staffListSchema>;

/** GET and PUT /api/personal/avisos: whether this staff member (or the owner) gets an e-mail of each new order. */
export const orderNoticesSchema = z.object({
  pedidos: z.boolean({ error: 'Indica con sí o no si quieres un correo por cada pedido nuevo' }),
});
export type OrderNotices = z.infer<typeof orderNoticesSchema>;

/** GET and PUT /api/ajustes/avisos (owner): one e-mail a day with the day's paid orders instead of one each. */
export const shopNoticesSchema = z.object({
  resumen_diario: z.boolean({ error: 'Indica con sí o no si prefieres un resumen diario' }),
});
export type ShopNotices = z.infer<typeof shopNoticesSchema>;
