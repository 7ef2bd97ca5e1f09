import {
  canMoveTo,
  GUIA_MAX,
  isActiveOrder,
  MANUAL_STATES,
  type ManualState,
  mayMoveOrderTo,
  NOTIFY_MS,
  type Order,
  orderRoute,
  PAGES,
  stateAction,
  TRANSPORTISTA_MAX,
} from '@vitrina/shared';
import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import {
  EstadoBadge,
  OrderHistory,
  OrderLinesTable,
  OrderTotals,
  orderTitle,
  PaymentAndShipment,
  PaymentDue,
  ShippingAddress,
} from '../../../components/order-details';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError, isNotFound } from '../../../lib/api-client';
import { confirm, notify } from '../../../lib/notifications';
import { useSession } from '../../../lib/session';
import { useFormatInstant } from '../../../lib/shop-dates';
import { useFormatMoney } from '../../../lib/shop-money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { parseId } from '../../catalog';
import { useAdminOrder, useChangeOrderState } from '../api/admin-order';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { PackingList } from '../components/packing-list';
import { RefundForm } from '../components/refund-form';
import orderStyles from './order-page.module.css';
import { OrderRequestsPanel } from './order-requests-panel';

/**
 * /admin/pedidos/:id: one order for the owner — buyer, address, lines and money, the moves its state
 * allows (each confirmed first; carrier and tracking number when shipping), refunds, its history with
 * who did what, and a packing list that is all that prints.
 */
export function AdminOrderPage() {
  const id = parseId(useParams().id);
  // A malformed id in the address is no order either: nothing to ask the server, nothing to retry.
  if (id === undefined) return <OrderNotFound />;
  return <AdminOrder key={id} id={id} />;
}

function OrderNotFound() {
  useDocumentTitle('Pedido no encontrado');
  return (
    <div className={styles.page}>
      <AdminPageHeader title="No existe este pedido" />
      <p>
        Búscalo en la <Link to={PAGES.adminOrders.path}>lista de pedidos</Link>.
      </p>
    </div>
  );
}

function AdminOrder({ id }: { id: number }) {
  const order = useAdminOrder(id);
  useDocumentTitle(order.data ? orderTitle(order.data) : PAGES.adminOrder.title);

  if (order.isPending) return <Loader label="Cargando el pedido…" />;
  if (order.isError) {
    if (isNotFound(order.error)) return <OrderNotFound />;
    return (
      <div className={styles.page}>
        <AdminPageHeader title="Pedido" />
        <LoadError
          className={styles.message}
          what="el pedido"
          error={order.error}
          onRetry={() => order.refetch()}
          retrying={order.isFetching}
        />
      </div>
    );
  }
  return <OrderScreen order={order.data} />;
}

function OrderScreen({ order }: { order: Order }) {
  const { user } = useSession();
  const formatDateTime = useFormatInstant();
  const formatMoney = useFormatMoney();
  return (
    <div className={styles.page}>
      <div className={orderStyles.screen}>
        <AdminPageHeader title={orderTitle(order)}>
          <EstadoBadge estado={order.estado} />
          <Button variant="secondary" onClick={() => window.print()}>
            Imprimir lista de empaque
          </Button>
          <Link to={PAGES.adminOrders.path}>Todos los pedidos</Link>
        </AdminPageHeader>
        <p className={styles.muted}>
          Realizado el <time dateTime={order.fecha}>{formatDateTime(order.fecha, 'longDateTime')}</time>
          {order.Usuario && (
            <>
              {' '}
              por {order.Usuario.primer_nombre} {order.Usuario.primer_apellido} ({order.Usuario.email})
            </>
          )}
        </p>
        {order.pago_tardio && (
          <p role="alert" className={orderStyles.latePayment}>
            Llegó un pago de {formatMoney(order.pago_tardio.monto)} (referencia {order.pago_tardio.referencia}
            ) el {formatDateTime(order.pago_tardio.fecha, 'longDateTime')}, cuando el pedido ya no lo
            esperaba. Devuélvelo al cliente desde el sistema de pagos.
          </p>
        )}
        <PaymentDue order={order} />
        <div className={orderStyles.layout}>
          <div className={orderStyles.column}>
            <section className={styles.panel} aria-labelledby="pedido-productos">
              <h2 id="pedido-productos" className={styles.subtitle}>
                Productos
              </h2>
              <OrderLinesTable lines={order.detalle_venta} caption="Productos del pedido" />
              <OrderTotals order={order} />
            </section>
            {/* Refunds are money leaving the shop: the owner's alone (staff are not offered them). */}
            {isActiveOrder(order.estado) && user?.admin && <RefundForm order={order} />}
          </div>
          <div className={orderStyles.column}>
            <OrderRequestsPanel order={order} />
            <EstadoActions order={order} />
            <section className={styles.panel} aria-labelledby="pedido-envio">
              <h2 id="pedido-envio" className={styles.subtitle}>
                Envío y pago
              </h2>
              <ShippingAddress address={order.direccion_envio} pickup={order.retiro} />
              <PaymentAndShipment order={order} />
            </section>
            <section className={styles.panel} aria-labelledby="pedido-historial">
              <h2 id="pedido-historial" className={styles.subtitle}>
                Historial
              </h2>
              <OrderHistory order={order} />
            </section>
          </div>
        </div>
      </div>
      <PackingList order={order} />
    </div>
  );
}

/** The moves the order's state allows, each asked for confirmation; shipping takes carrier and tracking. */
function EstadoActions({ order }: { order: Order }) {
  const change = useChangeOrderState(order.id_venta);
  const carrierRef = useRef<HTMLInputElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);
  const { user } = useSession();
  // Staff prepare, ship and deliver; cancelling (it gives the money back) is offered to the owner only.
  const moves = MANUAL_STATES.filter(
    (to) => canMoveTo(order.estado, to, orderRoute(order)) && user !== null && mayMoveOrderTo(user, to),
  );
  if (moves.length === 0) return null;

  const move = async (to: ManualState) => {
    const action = stateAction(order.estado, to);
    const ships = to === 'enviada' || to === 'por_cobrar';
    const transportista = ships ? (carrierRef.current?.value.trim() ?? '') : '';
    const guia = ships ? (trackingRef.current?.value.trim() ?? '') : '';
    const details = [transportista && `Transportista: ${transportista}.`, guia && `Número de guía: ${guia}.`]
      .filter(Boolean)
      .join(' ');
    // An order still unpaid is cancelled without a refund: there is no payment to give back.
    const question =
      to === 'cancelada' && order.estado === 'pendiente_pago'
        ? '¿Cancelar el pedido sin pago? Las unidades vuelven al inventario y le avisaremos al cliente.'
        : to === 'cancelada' && order.estado === 'por_cobrar'
          ? '¿Cancelar el pedido sin pago? Hazlo cuando el paquete vuelva: las unidades vuelven al inventario y le avisaremos al cliente.'
          : action.confirm;
    const confirmed = await confirm({
      title: action.label,
      text: details ? `${question} ${details}` : question,
      confirmText: action.label,
      cancelText: 'Volver',
      icon: to === 'cancelada' ? 'warning' : 'info',
    });
    if (!confirmed) return;
    change.mutate(
      { estado: to, ...(transportista && { transportista }), ...(guia && { guia }) },
      {
        onSuccess: (saved) =>
          notify({
            title: `${orderTitle(saved)}: ${action.label.toLowerCase()}`,
            icon: 'success',
            timer: NOTIFY_MS,
          }),
        onError: (error) => {
          notify({
            title: 'No se pudo cambiar el estado',
            text: errorMessage(error),
            icon: 'error',
            timer: NOTIFY_MS,
          });
        },
      },
    );
  };

  return (
    <section className={styles.panel} aria-labelledby="pedido-acciones">
      <h2 id="pedido-acciones" className={styles.subtitle}>
        Estado del pedido
      </h2>
      {change.isError && isApiError(change.error) && change.error.status === 409 && (
        <p role="alert">{change.error.message}</p>
      )}
      {(moves.includes('enviada') || moves.includes('por_cobrar')) && (
        <div className={orderStyles.shipping}>
          <TextField
            ref={carrierRef}
            label="Transportista (opcional)"
            name="transportista"
            maxLength={TRANSPORTISTA_MAX}
          />
          <TextField ref={trackingRef} label="Número de guía (opcional)" name="guia" maxLength={GUIA_MAX} />
        </div>
      )}
      <div className={styles.buttons}>
        {moves.map((to) => (
          <Button
            key={to}
            variant={to === 'cancelada' ? 'ghost' : 'primary'}
            disabled={change.isPending}
            onClick={() => void move(to)}
          >
            {stateAction(order.estado, to).label}
          </Button>
        ))}
      </div>
    </section>
  );
}
