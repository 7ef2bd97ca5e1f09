import {
  type CurrencyCode,
  cardSummary,
  type DireccionEnvio,
  type FormatMoney,
  formatRate,
  lineName,
  ORDER_STATE_LABELS,
  type Order,
  type OrderLine,
  type OrderState,
  PAYMENT_METHOD_NAMES,
  refundFailureText,
  toBasisPoints,
} from '@vitrina/shared';
import type { ReactNode } from 'react';
import { useFormatInstant } from '../lib/shop-dates';
import { useFormatMoney, useShopCurrency } from '../lib/shop-money';
import styles from './order-details.module.css';

/*
 * The parts of an order that the customer's order page and the admin's show alike: its state, lines,
 * money, address, payment, shipment and history.
 */

const ESTADO_CLASSES: Record<OrderState, string | undefined> = {
  pendiente: styles.pending,
  fallida: styles.failed,
  pendiente_pago: styles.pending,
  por_cobrar: styles.shipped,
  anulada: styles.failed,
  pagada: styles.paid,
  preparando: styles.pending,
  enviada: styles.shipped,
  lista_retiro: styles.shipped,
  entregada: styles.paid,
  cancelada: styles.failed,
  reembolsada: styles.failed,
};

export function EstadoBadge({ estado }: { estado: OrderState }) {
  return (
    <span className={`${styles.badge} ${ESTADO_CLASSES[estado] ?? ''}`}>{ORDER_STATE_LABELS[estado]}</span>
  );
}

/** 'Pedido V-000123', or the sale's id for an attempt that never got a number. */
export const orderTitle = (order: Pick<Order, 'numero_pedido' | 'id_venta'>) =>
  order.numero_pedido ? `Pedido ${order.numero_pedido}` : `Compra n.º ${order.id_venta}`;

/** The units of a line still paid for (not refunded). */
export const unitsKept = (line: OrderLine) => line.cantidad - line.cantidad_reembolsada;

/** The lines as a table: product, units (and refunded ones), unit price, subtotal. */
export function OrderLinesTable({ lines, caption }: { lines: readonly OrderLine[]; caption: string }) {
  const formatMoney = useFormatMoney();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Producto</th>
            <th scope="col" className={styles.number}>
              Cantidad
            </th>
            <th scope="col" className={styles.number}>
              Precio unitario
            </th>
            <th scope="col" className={styles.number}>
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id_detalle_venta}>
              <th scope="row">
                {lineName(line.Producto.nombre, line.variante)}
                {/* The variant's SKU, so a question about this size or colour names exactly it. */}
                {line.variante && <span className={styles.sku}>SKU {line.sku}</span>}
              </th>
              <td className={styles.number} data-label="Cantidad">
                {line.cantidad}
                {line.cantidad_reembolsada > 0 && (
                  <span className={styles.refunded}>
                    {line.cantidad_reembolsada === 1
                      ? '1 reembolsada'
                      : `${line.cantidad_reembolsada} reembolsadas`}
                  </span>
                )}
              </td>
              <td className={styles.number} data-label="Precio unitario">
                {formatMoney(line.valor_unitario)}
              </td>
              <td className={styles.number} data-label="Subtotal">
                {formatMoney(line.valor_total_cantidad)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Subtotal, shipping and total as charged, and what was given back. */
export function OrderTotals({ order }: { order: Order }) {
  const formatMoney = useFormatMoney();
  const currency = useShopCurrency();
  return (
    <dl className={styles.totals}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatMoney(order.subtotal)}</dd>
      </div>
      <div>
        <dt>Envío</dt>
        <dd>{order.costo_envio === 0 ? 'Gratis' : formatMoney(order.costo_envio)}</dd>
      </div>
      <div className={styles.total}>
        <dt>Total</dt>
        <dd>{formatMoney(order.valor_total_venta)}</dd>
      </div>
      {order.impuesto && (
        <div className={styles.tax}>
          <dt>
            Incluye {order.impuesto.nombre} ({formatRate(toBasisPoints(order.impuesto.tasa), currency)}
            {'\u00a0'}%)
          </dt>
          <dd>{formatMoney(order.impuesto.monto)}</dd>
        </div>
      )}
      {order.monto_reembolsado > 0 && (
        <div>
          <dt>Reembolsado</dt>
          <dd>{formatMoney(order.monto_reembolsado)}</dd>
        </div>
      )}
      {order.reembolsos_fallidos?.map((r) => (
        <div key={r.fecha} className={styles.refundFailed}>
          <dt>Reembolso rechazado</dt>
          <dd>
            {formatMoney(r.monto)} no se devolvió{r.motivo ? ` (${refundFailureText(r.motivo)})` : ''}: el
            sistema de pagos lo rechazó y el pedido no lo cuenta como reembolsado.
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ShippingAddress({
  address,
  pickup = null,
}: {
  address: DireccionEnvio | null;
  /** Picked up at the store: where and when, instead of an address. */
  pickup?: { direccion: string; horario: string } | null;
}) {
  if (pickup)
    return (
      <address className={styles.address}>
        <strong>Retiro en tienda</strong>
        <br />
        {pickup.direccion}
        <br />
        Horario: {pickup.horario}
      </address>
    );
  if (!address) return <p className={styles.muted}>Esta compra no tiene dirección de envío registrada.</p>;
  return (
    <address className={styles.address}>
      {address.nombre}
      <br />
      {address.region ? `${address.direccion}, ${address.region}` : address.direccion}
      <br />
      Tel. {address.telefono}
    </address>
  );
}

/** Labelled values, one a row: the label on the left, its value on the right (absent values are left out). */
export function Facts({ items }: { items: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {items
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The card charged, and the shipment's carrier and tracking number once it left. */
export function PaymentAndShipment({ order }: { order: Order }) {
  return (
    <Facts
      items={[
        [
          'Pago',
          order.pago_ultimos4
            ? cardSummary(order.pago_marca, order.pago_ultimos4)
            : PAYMENT_METHOD_NAMES[order.metodo_pago],
        ],
        ['Estado', <EstadoBadge key="estado" estado={order.estado} />],
        ['Transportista', order.transportista],
        ['Número de guía', order.guia],
      ]}
    />
  );
}

/**
 * How to pay an order waiting for its money: the owner's instructions, the amount and the deadline. Shown on
 * the shopper's page and the admin's while the order is 'pendiente_pago'.
 */
export function PaymentDue({ order }: { order: Order }) {
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatInstant();
  if (order.estado !== 'pendiente_pago' || !order.vence) return null;
  return (
    <section className={styles.paymentDue} aria-labelledby="como-pagar">
      <h2 id="como-pagar" className={styles.paymentDueTitle}>
        Cómo pagar con {PAYMENT_METHOD_NAMES[order.metodo_pago]}
      </h2>
      {order.instrucciones && <p className={styles.instructions}>{order.instrucciones}</p>}
      <p>
        Total a pagar: <strong>{formatMoney(order.valor_total_venta)}</strong>
      </p>
      <p>
        Paga antes del <strong>{formatDateTime(order.vence, 'longDateTime')}</strong>. Si no recibimos el pago
        a tiempo, el pedido se cancela solo.
      </p>
    </section>
  );
}

/**
 * What a refund gave back, for the order's history: 'Reembolso de $14.90: 1 × Gorra y el envío', and the
 * tax it included when the order shows one ('. Incluye IVA (16 %): $2.06').
 */
function refundText(
  refund: Order['reembolsos'][number],
  tax: Order['impuesto'],
  formatMoney: FormatMoney,
  currency: CurrencyCode,
): string {
  const parts = [
    ...refund.lineas.map((l) => `${l.cantidad} × ${l.nombre}`),
    ...(refund.envio > 0 ? [`el envío (${formatMoney(refund.envio)})`] : []),
  ];
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}` : (parts[0] ?? '');
  const taxPart =
    tax && refund.impuesto !== null
      ? `. Incluye ${tax.nombre} (${formatRate(toBasisPoints(tax.tasa), currency)}\u00a0%): ${formatMoney(refund.impuesto)}`
      : '';
  return `Reembolso de ${formatMoney(refund.monto)}${listed ? `: ${listed}` : ''}${taxPart}`;
}

type HistoryEntry =
  | { kind: 'estado'; entry: Order['historial'][number] }
  | { kind: 'reembolso'; entry: Order['reembolsos'][number] };

/**
 * Every state the order went through and every refund, oldest first; an admin also reads who made each
 * change.
 */
export function OrderHistory({ order }: { order: Pick<Order, 'historial' | 'reembolsos' | 'impuesto'> }) {
  const formatDateTime = useFormatInstant();
  const formatMoney = useFormatMoney();
  const currency = useShopCurrency();
  const entries: HistoryEntry[] = [
    ...order.historial.map((entry) => ({ kind: 'estado' as const, entry })),
    ...order.reembolsos.map((entry) => ({ kind: 'reembolso' as const, entry })),
  ].sort((a, b) => Date.parse(a.entry.fecha) - Date.parse(b.entry.fecha));
  return (
    <ol className={styles.history}>
      {entries.map(({ kind, entry }) => (
        <li key={`${kind}-${'estado' in entry ? entry.estado : entry.monto}-${entry.fecha}`}>
          {'estado' in entry ? (
            <EstadoBadge estado={entry.estado} />
          ) : (
            <span>{refundText(entry, order.impuesto, formatMoney, currency)}</span>
          )}{' '}
          <time dateTime={entry.fecha}>{formatDateTime(entry.fecha)}</time>
          {entry.usuario && (
            <span className={styles.muted}>
              {' '}
              · {entry.usuario.nombre} ({entry.usuario.email})
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
