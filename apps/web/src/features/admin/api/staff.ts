import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffInvitation, StaffInvite, StaffList, StaffMember, StaffRole } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

const staffKey = [...adminQueryKey, 'personal'] as const;

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: staffKey,
    queryFn: ({ signal }) => api<StaffList>('/personal', { signal }),
    staleTime: 0,
  });

/** GET /api/personal: the staff and the invitations waiting for an answer. */
export function useStaff() {
  return useQuery(staffQueryOptions());
}

/** Every change to the staff is read back from the server, which decides it. */
function useStaffMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }) });
}

/** POST /api/personal: the invitation e-mail goes out with its link. */
export const useInviteStaff = () =>
  useStaffMutation((input: StaffInvite) =>
    api<StaffInvitation>('/personal', { method: 'POST', body: input }),
  );

/** PUT /api/personal/:id: a new role; the member's sessions end. */
export const useChangeStaffRole = () =>
  useStaffMutation(({ id, rol }: { id: number; rol: StaffRole }) =>
    api<StaffMember>(`/personal/${id}`, { method: 'PUT', body: { rol } }),
  );

/** DELETE /api/personal/:id: the member is a customer again; their sessions end. */
export const useRevokeStaff = () =>
  useStaffMutation((id: number) => api<void>(`/personal/${id}`, { method: 'DELETE' }));

/** DELETE /api/personal/invitaciones/:id: the link stops working. */
export const useCancelInvitation = () =>
  useStaffMutation((id: number) => api<void>(`/personal/invitaciones/${id}`, { method: 'DELETE' }));
