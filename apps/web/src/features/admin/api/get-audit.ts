import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditPage } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

export interface AuditParams {
  /** 'producto', 'usuario', 'calificacion'; '' for every entity. */
  entidad: string;
  /** YYYY-MM-DD in the shop's time zone, '' for no bound. */
  desde: string;
  hasta: string;
  page: number;
}

/** GET /api/admin/auditoria: the admins' changes, newest first, 20 a page. */
export function getAudit(params: AuditParams, signal?: AbortSignal): Promise<AuditPage> {
  return api<AuditPage>('/admin/auditoria', {
    query: {
      page: params.page,
      pageSize: AUDIT_PAGE_SIZE,
      entidad: params.entidad,
      desde: params.desde,
      hasta: params.hasta,
    },
    signal,
  });
}

export const auditQueryOptions = (params: AuditParams) =>
  queryOptions({
    queryKey: [...adminQueryKey, 'audit', params],
    queryFn: ({ signal }) => getAudit(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAudit(params: AuditParams) {
  return useQuery(auditQueryOptions(params));
}
