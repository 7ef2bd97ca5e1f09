import {
  mayManage,
  ORDER_STATE_FILTER_DEFAULT,
  type OrderStateFilter,
  type OrderSummary,
  parseOrderNumber,
  statesOfFilter,
} from '@vitrina/shared';
import { and, count, desc, eq, gte, inArray, isNotNull, like, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usuario, venta } from '../../db/schema';
import { startOfDay } from '../../db/shop-days';
import type { Viewer } from './order-detail';
import { toOrderSummaries } from './order-summary';

export interface OrdersQuery {
  page: number;
  pageSize: number;
  /** Calendar days, 'YYYY-MM-DD', both included, in the shop's time zone. */
  desde?: string | undefined;
  hasta?: string | undefined;
  /** An admin's filter; absent = the orders. A customer's history always lists their orders. */
  estado?: OrderStateFilter | undefined;
  /** An admin's search: an order number ('V-000123', '123') or part of the buyer's e-mail. */
  q?: string | undefined;
  /** An admin's filter: one customer's orders. */
  cliente?: number | undefined;
}

/**
 * An admin's search: the order of that number, or the orders of the accounts whose e-mail contains the text
 * (e-mails are stored in lower case; LIKE's wildcards typed in the search match themselves).
 */
function searchCondition(db: Db, q: string): SQL {
  const numero = parseOrderNumber(q);
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byAccount = inArray(
    venta.id_usuario,
    db.select({ id: usuario.id_usuario }).from(usuario).where(like(usuario.email, pattern)),
  );
  // A guest's order (decision 085) is found by the e-mail typed at checkout.
  const byEmail = or(byAccount, like(venta.email_invitado, pattern)) ?? byAccount;
  return numero === null ? byEmail : (or(eq(venta.numero_pedido, numero), byEmail) ?? byEmail);
}

export interface OrdersPage {
  items: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * GET /api/venta: a customer's own paid orders, or every order with its buyer for an admin (paid ones unless
 * the filter asks for failed or pending attempts, or 'todas'); newest first. A declined or unfinished
 * payment is an attempt, not a purchase.
 */
export async function listOrders({
  db,
  viewer,
  query,
  timeZone,
}: {
  db: Db;
  /** A customer sees their own orders; the owner (the CSV export too) and staff who manage orders, every order. */
  viewer: Viewer | { admin: true; rol: null };
  query: OrdersQuery;
  /** SHOP_TIMEZONE: a day runs from midnight to midnight there. */
  timeZone: string;
}): Promise<OrdersPage> {
  const shopView = mayManage(viewer, 'pedidos');
  const filter = shopView ? (query.estado ?? ORDER_STATE_FILTER_DEFAULT) : ORDER_STATE_FILTER_DEFAULT;
  const estados = statesOfFilter(filter);
  const where = and(
    shopView || !('id_usuario' in viewer) ? undefined : eq(venta.id_usuario, viewer.id_usuario),
    query.desde ? gte(venta.fecha, startOfDay(query.desde, timeZone)) : undefined,
    query.hasta ? lt(venta.fecha, startOfDay(query.hasta, timeZone, 1)) : undefined,
    estados ? inArray(venta.estado, [...estados]) : undefined,
    filter === 'pago_tardio' ? isNotNull(venta.pago_tardio_referencia) : undefined,
    shopView && query.q ? searchCondition(db, query.q) : undefined,
    shopView && query.cliente ? eq(venta.id_usuario, query.cliente) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(venta)
      .where(where)
      .orderBy(desc(venta.fecha), desc(venta.id_venta))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(venta).where(where),
  ]);
  return {
    items: await toOrderSummaries(db, rows, shopView),
    total: totalRow?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
