import type { UseQueryResult } from '@tanstack/react-query';
import { GUEST_MESSAGES, type Order, PAGES, PAYMENT_RECEIVED, RETURN_TO_PARAM } from '@vitrina/shared';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import {
  OrderHistory,
  OrderLinesTable,
  OrderTotals,
  orderTitle,
  PaymentAndShipment,
  PaymentDue,
  ShippingAddress,
} from '../../../components/order-details';
import { isNotFound } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useFormatInstant } from '../../../lib/shop-dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CustomerOnly } from '../../auth';
import { parseId } from '../../catalog';
import { useGuestOrder } from '../api/get-guest-order';
import { useOrder } from '../api/get-order';
import { MercadoPagoPayment } from '../components/mercadopago-payment';
import { OrderRatings } from '../components/order-ratings';
import { OrderRequestPanel } from '../components/order-request-form';
import { isJustPaid } from '../utils/just-paid';
import styles from './order-page.module.css';

/** What the shopper can expect next, for each state of the order; `justPaid` right after the checkout. */
function nextSteps(order: Order, justPaid: boolean): string {
  const pickup = order.retiro;
  switch (order.estado) {
    case 'pagada':
      if (pickup)
        return 'Recibimos tu pago y te enviamos la confirmación por correo. Ahora preparamos tu pedido; cuando esté listo para retirar en la tienda te avisaremos por correo.';
      return 'Recibimos tu pago y te enviamos la confirmación por correo. Ahora preparamos tu pedido; cuando salga te avisaremos por correo con su número de guía.';
    case 'preparando':
      if (pickup)
        return 'Estamos preparando tu pedido. Cuando esté listo para retirar en la tienda te avisaremos por correo.';
      return 'Estamos preparando tu pedido. Cuando salga te avisaremos por correo con su número de guía.';
    case 'enviada':
      return order.guia
        ? `Tu pedido va en camino. Sigue el envío con el número de guía ${order.guia}${order.transportista ? ` en ${order.transportista}` : ''}.`
        : 'Tu pedido va en camino.';
    case 'lista_retiro':
      return `Tu pedido te espera en la tienda: ${pickup?.direccion ?? ''}. Horario: ${pickup?.horario ?? ''}.`;
    case 'entregada':
      return 'Tu pedido fue entregado. Cuéntanos qué te parecieron tus productos: califícalos más abajo.';
    case 'cancelada':
      return 'Cancelamos este pedido y devolvimos el pago a tu tarjeta. Puede tardar unos días en verse en tu estado de cuenta.';
    case 'reembolsada':
      return 'Reembolsamos este pedido a tu tarjeta. Puede tardar unos días en verse en tu estado de cuenta.';
    case 'pendiente':
      // The checkout answered that the card was charged: the server is recording the order.
      if (justPaid) return PAYMENT_RECEIVED;
      return 'Tu pago sigue pendiente de confirmación. Vuelve a revisar esta página en unos minutos.';
    case 'fallida':
      return 'El pago de esta compra fue rechazado: no se te cobró nada.';
    case 'pendiente_pago':
      return 'Apartamos tus productos mientras llega tu pago. Cuando lo confirmemos te avisaremos por correo y prepararemos tu pedido.';
    case 'por_cobrar':
      return `Tu pedido va en camino${order.guia ? ` (número de guía ${order.guia}${order.transportista ? ` en ${order.transportista}` : ''})` : ''}. Paga el total en efectivo cuando lo recibas.`;
    case 'anulada':
      return 'Este pedido se canceló sin pago (no lo recibimos a tiempo) y sus productos se liberaron. Si ya habías pagado, escríbenos y te devolvemos el dinero.';
  }
}

/**
 * /pedido/:id: one of the shopper's orders — the confirmation right after paying, and the page the
 * purchase history links to: number, lines, money, address, card, state, tracking and what comes next.
 */
export function OrderPage() {
  const acceso = useSearchParams()[0].get('acceso');
  // A guest's order, opened by the link of its e-mails (decision 086): no account needed.
  if (acceso) return <OrderView acceso={acceso} />;
  return (
    <CustomerOnly>
      <OrderView />
    </CustomerOnly>
  );
}

/** A malformed id in the address (/pedido/abc) is no order either: nothing to ask the server, nothing to retry. */
function OrderView({ acceso }: { acceso?: string }) {
  const id = parseId(useParams().id);
  if (id === undefined) return <OrderNotFound />;
  return acceso ? <GuestOrderDetail key={id} id={id} acceso={acceso} /> : <OrderDetail key={id} id={id} />;
}

function OrderDetail({ id }: { id: number }) {
  const justPaid = isJustPaid(useLocation().state);
  // Someone else's order is not found either (the server answers 404 for both).
  return <LoadedOrder order={useOrder(id, justPaid)} justPaid={justPaid} notFound={<OrderNotFound />} />;
}

function GuestOrderDetail({ id, acceso }: { id: number; acceso: string }) {
  const justPaid = isJustPaid(useLocation().state);
  const order = useGuestOrder(id, acceso, justPaid);
  return <LoadedOrder order={order} justPaid={justPaid} notFound={<GuestLinkNotFound />} found />;
}

/** The order once its query answers; `notFound` for a 404, a retry for any other failure. */
function LoadedOrder({
  order,
  justPaid,
  notFound,
  found = false,
}: {
  order: UseQueryResult<Order>;
  justPaid: boolean;
  notFound: ReactNode;
  found?: boolean;
}) {
  useDocumentTitle(order.data ? orderTitle(order.data) : PAGES.order.title);
  if (order.isPending) return <Loader label="Cargando tu pedido…" />;
  if (order.isError) {
    if (isNotFound(order.error)) return notFound;
    return (
      <LoadError
        className={styles.message}
        what="tu pedido"
        error={order.error}
        onRetry={() => order.refetch()}
        retrying={order.isFetching}
      />
    );
  }
  return <OrderContent order={order.data} justPaid={justPaid} found={found} />;
}

function GuestLinkNotFound() {
  useDocumentTitle('Pedido no encontrado');
  return (
    <div className={styles.message}>
      <h1 className={styles.heading}>No encontramos este pedido</h1>
      <p>{GUEST_MESSAGES.linkInvalid}</p>
      <Link to={PAGES.orderLookup.path} className={buttonClass('primary')}>
        Consultar pedido
      </Link>
    </div>
  );
}

/**
 * After buying without an account (decision 085): an account with the same e-mail, to which the shop then
 * mails the link that moves these purchases to 'Mis compras'.
 */
function CreateAccountOffer({ email }: { email: string }) {
  const { user } = useSession();
  if (user) return null;
  const register = `${PAGES.register.path}?${new URLSearchParams({
    email,
    [RETURN_TO_PARAM]: `${PAGES.purchaseHistory.path}?sumar=1`,
  })}`;
  return (
    <section className={styles.next} aria-labelledby="pedido-cuenta">
      <h2 id="pedido-cuenta" className={styles.sectionTitle}>
        Guarda tus compras en una cuenta
      </h2>
      <p>
        Crea una cuenta con {email} y te enviaremos un enlace para ver este pedido y los siguientes en tu
        historial de compras.
      </p>
      <Link to={register} className={buttonClass('primary')}>
        Crear cuenta
      </Link>
    </section>
  );
}

function OrderNotFound() {
  useDocumentTitle('Pedido no encontrado');
  return (
    <div className={styles.message}>
      <h1 className={styles.heading}>No existe este pedido</h1>
      <p>Revisa el enlace, o busca el pedido en tu historial de compras.</p>
      <Link to={PAGES.purchaseHistory.path} className={buttonClass('primary')}>
        Ver mis compras
      </Link>
    </div>
  );
}

/**
 * An order as its buyer sees it; `found` when it was looked up by number and e-mail ('Consultar pedido'),
 * without an account's history or payment steps to link to.
 */
export function OrderContent({
  order: data,
  justPaid = false,
  found = false,
}: {
  order: Order;
  justPaid?: boolean;
  found?: boolean;
}) {
  const formatInstant = useFormatInstant();
  // The buyer pays, asks and rates: signed in, or holding the order's signed link (a guest, decision 086).
  const buyerActs = !found || data.acceso !== undefined;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        {justPaid && <p className={styles.thanks}>¡Gracias por tu compra!</p>}
        <h1 className={styles.heading}>{orderTitle(data)}</h1>
        <p className={styles.date}>
          Realizado el <time dateTime={data.fecha}>{formatInstant(data.fecha, 'longDateTime')}</time>
        </p>
      </header>
      <PaymentDue order={data} />
      <section className={styles.next} aria-labelledby="pedido-siguiente">
        <h2 id="pedido-siguiente" className={styles.sectionTitle}>
          ¿Qué sigue?
        </h2>
        <p>{nextSteps(data, justPaid)}</p>
        {buyerActs && data.metodo_pago === 'mercadopago' && data.estado === 'pendiente_pago' && (
          <MercadoPagoPayment id={data.id_venta} orderState={data.estado} acceso={data.acceso} />
        )}
      </section>
      {data.invitado && <CreateAccountOffer email={data.invitado.email} />}
      {buyerActs && <OrderRequestPanel order={data} />}
      <div className={styles.layout}>
        <section className={styles.panel} aria-labelledby="pedido-productos">
          <h2 id="pedido-productos" className={styles.sectionTitle}>
            Productos
          </h2>
          <OrderLinesTable lines={data.detalle_venta} caption="Productos del pedido" />
          <OrderTotals order={data} />
        </section>
        <div className={styles.aside}>
          <section className={styles.panel} aria-labelledby="pedido-envio">
            <h2 id="pedido-envio" className={styles.sectionTitle}>
              Envío
            </h2>
            <ShippingAddress address={data.direccion_envio} pickup={data.retiro} />
            <PaymentAndShipment order={data} />
          </section>
          <section className={styles.panel} aria-labelledby="pedido-historial">
            <h2 id="pedido-historial" className={styles.sectionTitle}>
              Seguimiento
            </h2>
            <OrderHistory order={data} />
          </section>
        </div>
      </div>
      {buyerActs && <OrderRatings order={data} />}
      {!found && (
        <p>
          <Link to={PAGES.purchaseHistory.path}>Ver todas mis compras</Link>
        </p>
      )}
    </div>
  );
}
