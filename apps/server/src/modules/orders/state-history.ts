import type { OrderState } from '@vitrina/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
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
 * recordState for every order in `from` (a WITH clause before this one, of venta's rows), as a WITH clause
 * of the same statement: written by the shop (no admin), and only for the orders the statement changed.
 */
export const stateRecordOf = (db: Db | Tx, from: SQL, estado: OrderState) =>
  db.$with('historial', {}).as(sql`
    INSERT INTO ${ventaEstadoHistorial} (id_venta, estado) SELECT id_venta, ${estado} FROM ${from}`);
