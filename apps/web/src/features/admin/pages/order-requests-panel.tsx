import { useQueryClient } from '@tanstack/react-query';
import {
  mayMoveOrderTo,
  NOTIFY_MS,
  ORDER_REQUEST_LABELS,
  ORDER_REQUEST_REASON_MAX,
  type Order,
  type OrderRequest,
} from '@vitrina/shared';
import { useRef } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useSession } from '../../../lib/session';
import { OrderRequestsList, useDecideOrderRequest, useOrderRequests } from '../../orders';
import { adminQueryKey } from '../api/admin-query-key';
import styles from '../components/admin-page.module.css';

/**
 * The customer's cancel and return requests on the admin's order page: the pending one with its answer
 * and the buttons to accept or refuse it, then those already answered. Accepting a cancellation cancels
 * the order and gives the money back, so only the owner is offered it.
 */
export function OrderRequestsPanel({ order }: { order: Order }) {
  const requests = useOrderRequests(order.id_venta);
  const list = requests.data ?? [];
  if (list.length === 0) return null;
  const pending = list.find((request) => request.estado === 'pendiente');
  return (
    <section className={styles.panel} aria-labelledby="pedido-solicitudes">
      <h2 id="pedido-solicitudes" className={styles.subtitle}>
        Solicitudes del cliente
      </h2>
      {pending && <PendingRequest order={order} request={pending} />}
      <OrderRequestsList requests={list.filter((request) => request !== pending)} />
    </section>
  );
}

function PendingRequest({ order, request }: { order: Order; request: OrderRequest }) {
  const queryClient = useQueryClient();
  const decide = useDecideOrderRequest(order.id_venta, () =>
    queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  );
  const answerRef = useRef<HTMLInputElement>(null);
  const { user } = useSession();
  const mayAccept = request.tipo === 'devolucion' || (user !== null && mayMoveOrderTo(user, 'cancelada'));
  const what = ORDER_REQUEST_LABELS[request.tipo].toLowerCase();

  const send = (decision: 'aceptar' | 'rechazar') => {
    const respuesta = answerRef.current?.value.trim() ?? '';
    decide.mutate(
      { solicitud: request.id, decision, ...(respuesta && { respuesta }) },
      {
        onSuccess: () =>
          notify({
            title: decision === 'aceptar' ? `Aceptaste la ${what}` : `Rechazaste la ${what}`,
            text: 'Le avisamos al cliente por correo.',
            icon: 'success',
            timer: NOTIFY_MS,
          }),
        onError: (error) =>
          notify({
            title: 'No se pudo responder la solicitud',
            text: errorMessage(error),
            icon: 'error',
            timer: NOTIFY_MS,
          }),
      },
    );
  };

  return (
    <>
      <p>
        El cliente pide la {what}. Motivo: {request.motivo}
      </p>
      <TextField
        ref={answerRef}
        label="Respuesta al cliente (opcional)"
        name="respuesta"
        maxLength={ORDER_REQUEST_REASON_MAX}
      />
      <div className={styles.buttons}>
        {mayAccept && (
          <Button disabled={decide.isPending} onClick={() => send('aceptar')}>
            Aceptar la {what}
          </Button>
        )}
        <Button variant="ghost" disabled={decide.isPending} onClick={() => send('rechazar')}>
          Rechazar la {what}
        </Button>
      </div>
    </>
  );
}
