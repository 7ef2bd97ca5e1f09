import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminRatingPage, RATINGS_PAGE_SIZE } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

/** GET /api/products/todascalificaciones: the ratings still shown in the shop, newest first, 20 a page. */
export function getRatings(page: number, signal?: AbortSignal): Promise<AdminRatingPage> {
  return api<AdminRatingPage>('/products/todascalificaciones', {
    query: { page, pageSize: RATINGS_PAGE_SIZE, estado: true },
    signal,
  });
}

export const ratingsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'ratings', page],
    queryFn: ({ signal }) => getRatings(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useRatings(page: number) {
  return useQuery(ratingsQueryOptions(page));
}
