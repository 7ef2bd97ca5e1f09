import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderQueryOptions } from './get-order';

/** Where an order's Mercado Pago payment stands, as Mercado Pago says it right now. */
export interface MercadoPagoStatus {
  /** The order's state after the server applied what Mercado Pago said. */
  estado: string;
  vence: string | null;
  pago: {
    estado: 'aprobado' | 'pendiente' | 'rechazado' | 'reembolsado' | 'contracargo';
    en_efectivo: boolean;
    ficha_url: string | null;
  } | null;
}

/** How often a page waiting for Mercado Pago's money asks again. */
export const MERCADOPAGO_POLL_MS = 5000;

/**
 * GET /api/venta/:id/mercadopago: the server asks Mercado Pago (an approved payment pays the order then
 * and there). Asked again every few seconds while the order waits; when the order's state changed, the
 * order itself is fetched again.
 */
export function useMercadoPagoStatus(id: number, orderState: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...orderQueryOptions(id).queryKey, 'mercadopago'],
    queryFn: async ({ signal }) => {
      const status = await api<MercadoPagoStatus>(`/venta/${id}/mercadopago`, { signal });
      if (status.estado !== orderState)
        await queryClient.invalidateQueries({ queryKey: orderQueryOptions(id).queryKey, exact: true });
      return status;
    },
    refetchInterval: (query) => (query.state.data?.estado === 'pendiente_pago' ? MERCADOPAGO_POLL_MS : false),
  });
}

/** POST /api/venta/:id/mercadopago/pagar: a new Checkout Pro for the order; the browser goes there. */
export function usePayWithMercadoPago(id: number) {
  return useMutation({
    mutationFn: () => api<{ redirect_url: string }>(`/venta/${id}/mercadopago/pagar`, { method: 'POST' }),
    onSuccess: ({ redirect_url }) => window.location.assign(redirect_url),
  });
}
