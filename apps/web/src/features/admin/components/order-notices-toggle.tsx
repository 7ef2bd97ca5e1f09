import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFY_MS, type OrderNotices } from '@vitrina/shared';
import formStyles from '../../../components/form.module.css';
import { api, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';

const noticesKey = ['personal', 'avisos'] as const;

/**
 * Whoever works for the shop (staff and the owner) chooses for themselves whether each paid order also
 * comes to their own e-mail, with what to pack (GET/PUT /api/personal/avisos).
 */
export function OrderNoticesToggle() {
  const queryClient = useQueryClient();
  const notices = useQuery({
    queryKey: noticesKey,
    queryFn: ({ signal }) => api<OrderNotices>('/personal/avisos', { signal }),
  });
  const save = useMutation({
    mutationFn: (body: OrderNotices) => api<OrderNotices>('/personal/avisos', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(noticesKey, saved),
    onError: (error) =>
      notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS }),
  });
  if (notices.isError) return null;
  // While the choice is read, the line is already there, its box disabled: the dashboard under it does not
  // jump when the answer comes, under the pointer of someone about to click one of its links.
  return (
    <label className={formStyles.checkbox}>
      <input
        type="checkbox"
        checked={notices.data?.pedidos ?? false}
        disabled={!notices.data || save.isPending}
        onChange={(event) => save.mutate({ pedidos: event.target.checked })}
      />
      Recibir en mi correo cada pedido pagado, con lo que hay que preparar
    </label>
  );
}
