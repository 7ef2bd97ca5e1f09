import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MailboxMessage, MailboxPage } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

const mailboxKey = [...adminQueryKey, 'correos'] as const;

export const mailboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...mailboxKey, 'page', page],
    queryFn: ({ signal }) => api<MailboxPage>('/admin/correos', { query: { page }, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/correos: the shop's sent and queued e-mail, newest first. */
export function useMailbox(page: number) {
  return useQuery(mailboxQueryOptions(page));
}

/** GET /api/admin/correos/:id: one message with its HTML and plain text (nothing fetched while `id` is undefined). */
export function useMailMessage(id: number | undefined) {
  return useQuery({
    queryKey: [...mailboxKey, 'message', id],
    queryFn: ({ signal }) => api<MailboxMessage>(`/admin/correos/${id}`, { signal }),
    enabled: id !== undefined,
  });
}
