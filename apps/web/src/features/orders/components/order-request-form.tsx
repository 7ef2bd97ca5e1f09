import {
  NOTIFY_MS,
  ORDER_REQUEST_REASON_MAX,
  type Order,
  type OrderRequestType,
  orderRequestRefused,
  orderRoute,
} from '@vitrina/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useAskOrderRequest, useOrderRequests } from '../api/order-requests';
import styles from './order-request-form.module.css';
import { OrderRequestsList } from './order-requests-list';

const ASK_LABELS: Record<OrderRequestType, string> = {
  cancelacion: 'Pedir la cancelación',
  devolucion: 'Pedir la devolución',
};

/**
 * The order page's part about cancelling or returning: the requests made, and while none waits and the
 * order's state allows one, a reason and the button that asks.
 */
export function OrderRequestPanel({ order }: { order: Order }) {
  // A guest's order, opened by its signed link, asks through that link.
  const requests = useOrderRequests(order.id_venta, order.acceso);
  const ask = useAskOrderRequest(order.id_venta, order.acceso);
  const [motivo, setMotivo] = useState('');
  const fieldId = useId();
  const list = requests.data ?? [];
  const pending = list.some((request) => request.estado === 'pendiente');
  const tipo = (['cancelacion', 'devolucion'] as const).find(
    (t) => orderRequestRefused(t, order.estado, orderRoute(order)) === null,
  );
  if (list.length === 0 && (pending || !tipo)) return null;

  const send = (chosen: OrderRequestType) =>
    ask.mutate(
      { tipo: chosen, motivo },
      {
        onSuccess: () => {
          setMotivo('');
          notify({
            title: 'Enviamos tu solicitud',
            text: 'Te avisaremos por correo cuando la tienda responda.',
            icon: 'success',
            timer: NOTIFY_MS,
          });
        },
        onError: (error) =>
          notify({
            title: 'No se pudo enviar la solicitud',
            text: errorMessage(error),
            icon: 'error',
            timer: NOTIFY_MS,
          }),
      },
    );

  return (
    <section className={styles.panel} aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className={styles.title}>
        {tipo === 'devolucion' ? 'Devolver el pedido' : 'Cancelar el pedido'}
      </h2>
      <OrderRequestsList requests={list} />
      {tipo && !pending && (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            send(tipo);
          }}
        >
          <label htmlFor={fieldId}>Motivo</label>
          <textarea
            id={fieldId}
            value={motivo}
            maxLength={ORDER_REQUEST_REASON_MAX}
            rows={3}
            onChange={(event) => setMotivo(event.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={ask.isPending}>
            {ASK_LABELS[tipo]}
          </Button>
        </form>
      )}
    </section>
  );
}
