import type { OrderState } from '@vitrina/shared';
import type { Tx } from '../../db/client';
import { ventaEstadoHistorial } from '../../db/schema';

const historyRow = (idVenta: number, estado: OrderState, idUsuario: number | null) => ({
  id_venta: idVenta,
  estado,
  id_usuario: idUsuario,
});

/**
 * Adds a state to an order's history, in the transaction that changes the state. `idUsuario` is the
 * admin who made the change; null when the shop did (the payment went through).
 */
export async function recordState(
  tx: Tx,
  idVenta: number,
  estado: OrderState,
  idUsuario: number | null,
): Promise<void> {
  await tx.insert(ventaEstadoHistorial).values(historyRow(idVenta, estado, idUsuario));
}

/**
 * recordState as a WITH clause of the statement that changes the state (`tx.with(…).update(venta)`), to
 * save a round trip where every paid order passes. The row is written whether the update matched or not,
 * so a transaction whose update changed nothing must roll back.
 */
export const stateRecord = (tx: Tx, idVenta: number, estado: OrderState, idUsuario: number | null) =>
  tx.$with('historial').as(tx.insert(ventaEstadoHistorial).values(historyRow(idVenta, estado, idUsuario)));
