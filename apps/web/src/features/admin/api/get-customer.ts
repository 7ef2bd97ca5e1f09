import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerOrdersSummary, Usuario } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** GET /api/usuario/:id and GET /api/venta/clientes/:id: a customer's account and their orders in figures. */
export const customerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'customer', id],
    queryFn: async ({ signal }) => {
      const [usuario, resumen] = await Promise.all([
        api<Usuario>(`/usuario/${id}`, { signal }),
        api<CustomerOrdersSummary>(`/venta/clientes/${id}`, { signal }),
      ]);
      return { usuario, resumen };
    },
    staleTime: 0,
  });

export function useCustomer(id: number) {
  return useQuery(customerQueryOptions(id));
}
