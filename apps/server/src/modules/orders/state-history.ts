import type { OrderState } from '@vitrina/shared';
import type { Tx } from '../../db/client';
import { ventaEstadoHistorial } from '../../db/schema';

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
  await tx.insert(ventaEstadoHistorial).values({ id_venta: idVenta, estado, id_usuario: idUsuario });
}
