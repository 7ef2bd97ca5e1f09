import { ORDER_REQUEST_LABELS, ORDER_REQUEST_STATE_LABELS, type OrderRequest } from '@vitrina/shared';
import { useFormatInstant } from '../../../lib/shop-dates';

/** The requests of an order, each with its reason, its state and the shop's answer. */
export function OrderRequestsList({ requests }: { requests: readonly OrderRequest[] }) {
  const formatInstant = useFormatInstant();
  if (requests.length === 0) return null;
  return (
    <ul>
      {requests.map((request) => (
        <li key={request.id}>
          <strong>
            {ORDER_REQUEST_LABELS[request.tipo]}: {ORDER_REQUEST_STATE_LABELS[request.estado]}
          </strong>{' '}
          (<time dateTime={request.creada}>{formatInstant(request.creada, 'longDateTime')}</time>). Motivo:{' '}
          {request.motivo}
          {request.respuesta && <> Respuesta de la tienda: {request.respuesta}</>}
        </li>
      ))}
    </ul>
  );
}
