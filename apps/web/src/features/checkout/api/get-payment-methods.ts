import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EnabledPaymentMethod } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

/** The methods the owner enabled, in the owner's order (Ajustes › Pagos); read fresh on each checkout. */
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['pagos', 'metodos'] as const,
    queryFn: ({ signal }) => api<EnabledPaymentMethod[]>('/pagos/metodos', { signal }),
    staleTime: 0,
  });

/** GET /api/pagos/metodos. */
export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
