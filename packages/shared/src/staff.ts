import { z } from 'zod';
import { emailField } from './validation/registro';

/*
 * Staff with roles (docs/decisions/071-staff-roles.md). The owner (an account with `admin`) runs the shop;
 * staff are accounts the owner invited, each with one role, and each role opens some areas of the admin.
 * The server decides every route from this table; the web app reads the same table to offer only what a
 * role may use.
 */

export const STAFF_ROLES = ['encargado', 'ventas'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a role is called on screen. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { encargado: 'Encargado', ventas: 'Ventas' };

/**
 * The parts of the admin a route can open to staff (`config: { access: 'admin', staff: area }`).
 * Refunds and anything about money leaving the shop, users, settings, payments, the audit trail, the
 * mailbox and the staff itself belong to no area: only the owner reaches them.
 */
export const STAFF_AREAS = ['catalogo', 'pedidos', 'calificaciones'] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/** Each role's areas: Encargado runs products, stock, orders and ratings; Ventas only the orders. */
export const ROLE_AREAS: Record<StaffRole, readonly StaffArea[]> = {
  encargado: ['catalogo', 'pedidos', 'calificaciones'],
  ventas: ['pedidos'],
};

/** Whoever is asking, as far as the role rules care: the owner, a staff member, or a customer. */
export interface Manager {
  admin: boolean;
  rol: StaffRole | null;
}

/** Whether the account may do what the owner does in `area`: the owner everywhere, staff in their role's. */
export function mayManage(user: Manager, area: StaffArea): boolean {
  if (user.admin) return true;
  return user.rol !== null && ROLE_AREAS[user.rol].includes(area);
}

/**
 * Whether the account may move an order to `estado` (it manages orders already): cancelling gives the money
 * back, so it is the owner's alone; staff prepare, ship and deliver.
 */
export const mayMoveOrderTo = (user: Manager, estado: string): boolean =>
  user.admin || (mayManage(user, 'pedidos') && estado !== 'cancelada');

/** Whether the account works for the shop (owner or staff): such accounts do not buy (decision 071). */
export const worksForShop = (user: Manager): boolean => user.admin || user.rol !== null;

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
