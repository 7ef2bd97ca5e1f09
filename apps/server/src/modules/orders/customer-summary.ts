import { type CustomerOrdersSummary, fromCents, PAID_ORDER_STATES, toCents } from '@vitrina/shared';
import { and, count, eq, inArray, max, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { venta } from '../../db/schema';

/**
 * GET /api/venta/clientes/:id: how many orders a customer paid, what they spent net of refunds, and when
 * they last ordered. Zero and null for an account that never bought (or does not exist).
 */
export async function customerOrdersSummary(db: Db, idUsuario: number): Promise<CustomerOrdersSummary> {
  const [row] = await db
    .select({
      pedidos: count(),
      pagado: sum(venta.valor_total_venta),
      reembolsado: sum(venta.monto_reembolsado),
      ultimo: max(venta.fecha),
    })
    .from(venta)
    .where(and(eq(venta.id_usuario, idUsuario), inArray(venta.estado, [...PAID_ORDER_STATES])));
  return {
    pedidos: row?.pedidos ?? 0,
    total_gastado: fromCents(toCents(row?.pagado ?? '0') - toCents(row?.reembolsado ?? '0')),
    ultimo_pedido: row?.ultimo ? row.ultimo.toISOString() : null,
  };
}
