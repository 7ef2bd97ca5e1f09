import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PRODUCTS_PAGE_SIZE, type ProductPage } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export interface AdminProductsParams {
  name: string;
  /** true: 'Productos habilitados'; false: 'Productos inactivos'. */
  estado: boolean;
  page: number;
}

/** GET /api/products/admin: every product (inactive and out of stock too), 20 a page. */
export function getAdminProducts(params: AdminProductsParams, signal?: AbortSignal): Promise<ProductPage> {
  return api<ProductPage>('/products/admin', {
    query: {
      name: params.name,
      estado: params.estado,
      page: params.page,
      pageSize: ADMIN_PRODUCTS_PAGE_SIZE,
    },
    signal,
  });
}

export const adminProductsQueryOptions = (params: AdminProductsParams) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'products', 'list', params],
    queryFn: ({ signal }) => getAdminProducts(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(params: AdminProductsParams) {
  return useQuery(adminProductsQueryOptions(params));
}
