import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Synonym, SynonymInput, SynonymPage } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../../lib/query-keys';
import { adminQueryKey } from './admin-query-key';

const synonymsKey = [...adminQueryKey, 'sinonimos'] as const;

/** GET /api/sinonimos: the dictionary, 20 entries a page, only those with a term containing `q`. */
export function getSynonyms(q: string, page: number, signal?: AbortSignal): Promise<SynonymPage> {
  return api<SynonymPage>('/sinonimos', { query: { q, page }, signal });
}

export const synonymsQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: [...synonymsKey, q, page],
    queryFn: ({ signal }) => getSynonyms(q, page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useSynonyms(q: string, page: number) {
  return useQuery(synonymsQueryOptions(q, page));
}

/**
 * The dictionary is read at search time: after a change, the shop's cached searches are fetched again so
 * the owner sees its effect at once.
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: synonymsKey }),
      queryClient.invalidateQueries({ queryKey: productsQueryKey }),
    ]);
}

/** POST /api/sinonimos (no `id`) or PUT /api/sinonimos/:id. */
export function useSaveSynonym() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | undefined; input: SynonymInput }) =>
      id === undefined
        ? api<Synonym>('/sinonimos', { method: 'POST', body: input })
        : api<Synonym>(`/sinonimos/${id}`, { method: 'PUT', body: input }),
    onSuccess: refresh,
  });
}

/** DELETE /api/sinonimos/:id. */
export function useDeleteSynonym() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/sinonimos/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
