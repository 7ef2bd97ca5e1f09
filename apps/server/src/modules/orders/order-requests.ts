import {
  type Manager,
  mayManage,
  mayMoveOrderTo,
  ORDER_REQUEST_LABELS,
  ORDER_REQUEST_MESSAGES,
  type OrderRequest,
  type OrderRequestDecision,
  type OrderRequestInput,
  orderRequestRefused,
  orderRoute,
  STAFF_MESSAGES,
} from '@vitrina/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { solicitudPedido, venta } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { changeOrderState } from './change-order-state';
import type { OrderContext } from './context';
import { ORDER_NOT_FOUND } from './order-detail';
import { queueOrderRequestAnswer, queueOrderRequestMail } from './order-mail';
import { lockOrder } from './refund-order';

/*
 * A customer asks to cancel an order not shipped yet, or to return a delivered one; the owner (or staff
 * with the orders area) accepts or refuses, and an e-mail goes each way. Accepting a cancellation is the
 * owner's cancellation itself (stock back, refund if paid), in the same transaction as the answer; an
 * accepted return is marked, and the owner refunds it from the order's page as any refund.
 */

type RequestRow = typeof solicitudPedido.$inferSelect;

const toOrderRequest = (row: RequestRow): OrderRequest => ({
  id: row.id,
  id_venta: row.id_venta,
  tipo: row.tipo,
  motivo: row.motivo,
  estado: row.estado,
  creada: row.creada.toISOString(),
  decidida: row.decidida?.toISOString() ?? null,
  respuesta: row.respuesta,
});

const what = (row: Pick<RequestRow, 'tipo'>) => ORDER_REQUEST_LABELS[row.tipo].toLowerCase();

/**
 * POST /api/venta/:id/solicitudes: only the order's buyer asks, while the order's state allows it. A
 * guest's order (buyerId null) is asked for through its signed link, which the caller checked.
 */
export async function askOrderRequest({
  db,
  shop,
  buyerId,
  orderId,
  input,
}: Pick<OrderContext, 'db' | 'shop'> & {
  buyerId: number | null;
  orderId: number;
  input: OrderRequestInput;
}): Promise<OrderRequest> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.id_usuario !== buyerId) throw notFound(ORDER_NOT_FOUND);
    const refused = orderRequestRefused(input.tipo, order.estado, orderRoute(order));
    if (refused) throw conflict(refused);
    const [row] = await tx
      .insert(solicitudPedido)
      .values({ id_venta: orderId, tipo: input.tipo, motivo: input.motivo })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(ORDER_REQUEST_MESSAGES.alreadyPending);
    await queueOrderRequestMail(tx, order, shop, { what: what(row), reason: row.motivo });
    return toOrderRequest(row);
  });
}

/** GET /api/venta/:id/solicitudes: the order's requests, oldest first, for its buyer and the shop. */
export async function listOrderRequests({
  db,
  viewer,
  orderId,
}: {
  db: Db;
  viewer: Manager & { id_usuario: number };
  orderId: number;
}): Promise<OrderRequest[]> {
  const [order] = await db.select({ buyer: venta.id_usuario }).from(venta).where(eq(venta.id_venta, orderId));
  if (!order || (!mayManage(viewer, 'pedidos') && order.buyer !== viewer.id_usuario))
    throw notFound(ORDER_NOT_FOUND);
  return requestsOf(db, orderId);
}

/** An order's requests, oldest first, for whoever may see the order (its signed link included). */
export async function requestsOf(db: Db, orderId: number): Promise<OrderRequest[]> {
  const rows = await db
    .select()
    .from(solicitudPedido)
    .where(eq(solicitudPedido.id_venta, orderId))
    .orderBy(asc(solicitudPedido.id));
  return rows.map(toOrderRequest);
}

/**
 * PUT /api/venta/:id/solicitudes/:solicitud: the shop's answer. Accepting a cancellation needs who may
 * cancel (the owner); a request already answered, or an order that moved on (shipped meanwhile), is 409.
 */
export async function decideOrderRequest({
  decider,
  orderId,
  requestId,
  decision,
  ...context
}: OrderContext & {
  decider: Manager & { id_usuario: number };
  orderId: number;
  requestId: number;
  decision: OrderRequestDecision;
}): Promise<OrderRequest> {
  const { db, shop } = context;
  const accepted = decision.decision === 'aceptar';
  const answer = decision.respuesta?.length ? decision.respuesta : null;
  let decided: RequestRow | undefined;

  /** Marks the request answered and audits it, in the transaction of whatever the answer does. */
  const answerIt = async (tx: Tx, notify: boolean) => {
    const [row] = await tx
      .update(solicitudPedido)
      .set({
        estado: accepted ? 'aceptada' : 'rechazada',
        decidida: new Date(),
        id_decisor: decider.id_usuario,
        respuesta: answer,
      })
      .where(
        and(
          eq(solicitudPedido.id, requestId),
          eq(solicitudPedido.id_venta, orderId),
          eq(solicitudPedido.estado, 'pendiente'),
        ),
      )
      .returning();
    if (!row) throw await whyNotPending(tx, orderId, requestId);
    await recordAudit(tx, {
      id_usuario: decider.id_usuario,
      accion: 'pedido.solicitud',
      id_entidad: orderId,
      antes: { solicitud: row.tipo, estado: 'pendiente' },
      despues: { solicitud: row.tipo, estado: row.estado, ...(answer && { respuesta: answer }) },
    });
    const order = await lockOrder(tx, orderId);
    if (notify && order)
      await queueOrderRequestAnswer(tx, order, shop, {
        what: what(row),
        reason: row.motivo,
        accepted,
        answer,
      });
    decided = row;
  };

  const [pending] = await db
    .select()
    .from(solicitudPedido)
    .where(and(eq(solicitudPedido.id, requestId), eq(solicitudPedido.id_venta, orderId)));
  if (!pending) throw notFound(ORDER_REQUEST_MESSAGES.notFound);
  if (accepted && pending.tipo === 'cancelacion') {
    if (!mayMoveOrderTo(decider, 'cancelada')) throw forbidden(STAFF_MESSAGES.cancelOwnerOnly);
    // The cancellation's own e-mail tells the customer; the answer needs no second one.
    await changeOrderState({
      ...context,
      adminId: decider.id_usuario,
      orderId,
      change: { estado: 'cancelada' },
      alsoInTx: (tx) => answerIt(tx, false),
    });
  } else {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (accepted && order && orderRequestRefused(pending.tipo, order.estado, orderRoute(order)))
        throw conflict(orderRequestRefused(pending.tipo, order.estado, orderRoute(order)) ?? '');
      await answerIt(tx, true);
    });
  }
  return toOrderRequest(decided as RequestRow);
}

async function whyNotPending(tx: Tx, orderId: number, requestId: number) {
  const [row] = await tx
    .select({ id: solicitudPedido.id })
    .from(solicitudPedido)
    .where(and(eq(solicitudPedido.id, requestId), eq(solicitudPedido.id_venta, orderId)));
  return row ? conflict(ORDER_REQUEST_MESSAGES.alreadyDecided) : notFound(ORDER_REQUEST_MESSAGES.notFound);
}
