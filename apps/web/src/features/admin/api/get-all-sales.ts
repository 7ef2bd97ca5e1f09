import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ORDER_STATE_FILTER_DEFAULT,
  type OrderStateFilter,
  type OrderSummary,
  SALES_PAGE_SIZE,
} from '@vitrina/shared';
import { api, toQueryString } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export interface SalesRange {
  /** YYYY-MM-DD, '' for no bound. */
  desde: string;
  hasta: string;
  /** Every order (the default), the orders in one state, the failed or pending attempts, or 'todas'. */
  estado: OrderStateFilter;
}

export interface AllSalesParams extends SalesRange {
  /** An order number ('V-000123', '123') or the buyer's e-mail; '' for none. */
  q: string;
  page: number;
  /** One customer's orders only (their page in Gestionar usuarios). */
  cliente?: number;
}

export interface AllSalesPage {
  items: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/venta as an admin: the orders in `estado` matching `q`, with their buyers, newest first, 6 a page. */
export function getAllSales(params: AllSalesParams, signal?: AbortSignal): Promise<AllSalesPage> {
  return api<AllSalesPage>('/venta', {
    query: {
      page: params.page,
      pageSize: SALES_PAGE_SIZE,
      desde: params.desde,
      hasta: params.hasta,
      estado: estadoParam(params.estado),
      q: params.q,
      cliente: params.cliente,
    },
    signal,
  });
}

export const allSalesQueryOptions = (params: AllSalesParams) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'sales', params],
    queryFn: ({ signal }) => getAllSales(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAllSales(params: AllSalesParams) {
  return useQuery(allSalesQueryOptions(params));
}

/** The default state is left out of URLs ('' is dropped by toQueryString). */
const estadoParam = (estado: OrderStateFilter) => (estado === ORDER_STATE_FILTER_DEFAULT ? '' : estado);

/** GET /api/venta/export.csv: the same range and state as a CSV download (the browser follows the link). */
export function salesExportUrl({ desde, hasta, estado }: SalesRange): string {
  return `/api/venta/export.csv${toQueryString({ desde, hasta, estado: estadoParam(estado) })}`;
}
