/*
 * Staff with roles (docs/decisions/071-staff-roles.md). The owner (an account with `admin`) runs the shop;
 * staff are accounts the owner invited, each with one role, and each role opens some areas of the admin.
 * The server decides every route from this table; the web app reads the same table to offer only what a
 * role may use. Without zod: the web app's entry (its menu) imports it.
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

/**
 * The area each admin page belongs to; a page not listed is the owner's alone (users, settings, mail, the
 * audit trail, synonyms, staff). The home page is every staff member's way in.
 */
const PAGE_AREAS: Readonly<Record<string, StaffArea | 'todos'>> = {
  adminHome: 'todos',
  adminProducts: 'catalogo',
  createProduct: 'catalogo',
  editProduct: 'catalogo',
  adminImport: 'catalogo',
  adminRatings: 'calificaciones',
  adminOrders: 'pedidos',
  adminOrder: 'pedidos',
  adminCarts: 'pedidos',
  salesHistory: 'pedidos',
};

/** Whether the account may open the admin page named `page` (a key of PAGES). */
export function mayOpenAdminPage(user: Manager, page: string): boolean {
  if (user.admin) return true;
  const area = PAGE_AREAS[page];
  if (user.rol === null || area === undefined) return false;
  return area === 'todos' || mayManage(user, area);
}
