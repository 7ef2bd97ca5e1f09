import { useMutation } from '@tanstack/react-query';
import type { Order } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

/** POST /api/pedidos/consulta: the order with that number and e-mail, or 404 for any mismatch. */
export function useLookUpOrder() {
  return useMutation({
    mutationFn: (input: { numero_pedido: string; email: string }) =>
      api<Order>('/pedidos/consulta', { method: 'POST', body: input }),
  });
}
