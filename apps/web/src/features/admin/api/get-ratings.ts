import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminRatingPage, RATINGS_PAGE_SIZE } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/**
 * GET /api/products/todascalificaciones: the ratings shown in the shop (`visible`) or the hidden ones,
 * newest first, 20 a page.
 */
export function getRatings(page: number, visible: boolean, signal?: AbortSignal): Promise<AdminRatingPage> {
  return api<AdminRatingPage>('/products/todascalificaciones', {
    query: { page, pageSize: RATINGS_PAGE_SIZE, estado: visible },
    signal,
  });
}

export const ratingsQueryOptions = (page: number, visible = true) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'ratings', visible ? 'visibles' : 'ocultas', page],
    queryFn: ({ signal }) => getRatings(page, visible, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useRatings(page: number, visible = true) {
  return useQuery(ratingsQueryOptions(page, visible));
}
