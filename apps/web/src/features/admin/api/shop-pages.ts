import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pagina, PaginaInput } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { shopPageQueryKey, shopPagesQueryKey } from '../../../lib/shop-identity';

/*
 * Ajustes › Páginas: save a page (PUT /api/paginas/:slug, which also creates the owner's own), delete one
 * of the owner's (DELETE), and the preview of a text before it is saved (POST /api/paginas/vista-previa,
 * rendered by the server as the storefront will show it).
 */

export function useSavePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, page }: { slug: string; page: PaginaInput }) =>
      api<Pagina>(`/paginas/${encodeURIComponent(slug)}`, { method: 'PUT', body: page }),
    onSuccess: (saved) => {
      queryClient.setQueryData(shopPageQueryKey(saved.slug), saved);
      return queryClient.invalidateQueries({ queryKey: shopPagesQueryKey, exact: true });
    },
  });
}

export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => api<void>(`/paginas/${encodeURIComponent(slug)}`, { method: 'DELETE' }),
    onSuccess: (_nothing, slug) => {
      queryClient.removeQueries({ queryKey: shopPageQueryKey(slug) });
      return queryClient.invalidateQueries({ queryKey: shopPagesQueryKey, exact: true });
    },
  });
}

export function usePreviewPage() {
  return useMutation({
    mutationFn: (contenido: string) =>
      api<{ html: string }>('/paginas/vista-previa', { method: 'POST', body: { contenido } }),
  });
}
