import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ABANDONED_CARTS_PAGE_SIZE, type AbandonedCartsPage } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** GET /api/admin/carritos/olvidados: resting and recovered carts, latest change first, 20 a page. */
export function useAbandonedCartsPage(page: number) {
  return useQuery({
    queryKey: [...adminQueryKey, 'abandonedCartsPage', page],
    queryFn: ({ signal }) =>
      api<AbandonedCartsPage>('/admin/carritos/olvidados', {
        query: { page, pageSize: ABANDONED_CARTS_PAGE_SIZE },
        signal,
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
