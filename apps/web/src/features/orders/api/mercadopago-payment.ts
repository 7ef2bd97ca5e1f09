import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { guestOrderQueryKey } from './get-guest-order';
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
 * The payment's address: the account's (/api/venta/:id/mercadopago), or, for an order opened by its signed
 * link (a guest's), the link's (/api/pedidos/:id/mercadopago?acceso=; decision 086).
 */
function paymentPath(id: number, acceso: string | undefined, action = '') {
  return acceso
    ? `/pedidos/${id}/mercadopago${action}?${new URLSearchParams({ acceso })}`
    : `/venta/${id}/mercadopago${action}`;
}

/** The order the page shows: the account's, or the guest's under its link. */
const orderKey = (id: number, acceso: string | undefined) =>
  acceso ? guestOrderQueryKey(id, acceso) : orderQueryOptions(id).queryKey;

/**
 * GET the payment's state: the server asks Mercado Pago (an approved payment pays the order then and
 * there). Asked again every few seconds while the order waits; when the order's state changed, the order
 * itself is fetched again.
 */
export function useMercadoPagoStatus(id: number, orderState: string, acceso?: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...orderKey(id, acceso), 'mercadopago'],
    queryFn: async ({ signal }) => {
      const status = await api<MercadoPagoStatus>(paymentPath(id, acceso), { signal });
      if (status.estado !== orderState)
        await queryClient.invalidateQueries({ queryKey: orderKey(id, acceso), exact: true });
      return status;
    },
    refetchInterval: (query) => (query.state.data?.estado === 'pendiente_pago' ? MERCADOPAGO_POLL_MS : false),
  });
}

/** POST …/mercadopago/pagar: a new Checkout Pro for the order; the browser goes there. */
export function usePayWithMercadoPago(id: number, acceso?: string) {
  return useMutation({
    mutationFn: () => api<{ redirect_url: string }>(paymentPath(id, acceso, '/pagar'), { method: 'POST' }),
    onSuccess: ({ redirect_url }) => window.location.assign(redirect_url),
  });
}
