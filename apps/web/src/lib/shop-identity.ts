import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagina, PaginaList, Tienda } from '@vitrina/shared';
import { api } from './api-client';

/*
 * What the layout shows of the shop on every page: its identity (name, logo, contact, social links,
 * WhatsApp; Ajustes › Tienda) and the list of its pages (the footer's links). The server renders them into
 * each storefront page (entry-server.tsx prefetches them), so the browser asks again only for the pages it
 * renders itself.
 */

export const shopIdentityQueryKey = ['tienda'] as const;
export const shopPagesQueryKey = ['paginas'] as const;

/** GET /api/ajustes/tienda. */
export const shopIdentityQueryOptions = () =>
  queryOptions({
    queryKey: shopIdentityQueryKey,
    queryFn: ({ signal }) => api<Tienda>('/ajustes/tienda', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useShopIdentity() {
  return useQuery(shopIdentityQueryOptions());
}

/** GET /api/paginas: about, terms, privacy and the owner's own pages. */
export const shopPagesQueryOptions = () =>
  queryOptions({
    queryKey: shopPagesQueryKey,
    queryFn: ({ signal }) => api<PaginaList>('/paginas', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useShopPages() {
  return useQuery(shopPagesQueryOptions());
}

/** The shop's name as the owner saved it; the default until it is known (or if it cannot be read). */
export function useShopName(): string {
  return useShopIdentity().data?.nombre ?? DEFAULT_SHOP_NAME;
}

/** SHOP_NAME's default, shown only while the saved name is on its way. */
export const DEFAULT_SHOP_NAME = 'Vitrina';

/** One page's key; the admin's save sets it with what the server answered. */
export const shopPageQueryKey = (slug: string) => [...shopPagesQueryKey, 'detalle', slug] as const;

/** GET /api/paginas/:slug: the page's title, its Markdown and the sanitized HTML the server made of it. */
export const shopPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: shopPageQueryKey(slug),
    queryFn: ({ signal }) => api<Pagina>(`/paginas/${encodeURIComponent(slug)}`, { signal }),
    // As the identity: a page the server kept is rendered anew when the owner edits it, so the data it
    // hands over is current however long ago it was rendered; the admin's save updates it here.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useShopPage(slug: string) {
  return useQuery(shopPageQueryOptions(slug));
}
