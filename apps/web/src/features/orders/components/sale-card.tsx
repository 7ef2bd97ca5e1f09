import {
  cardSummary,
  isActiveOrder,
  lineName,
  type OrderSummary,
  type OrderSummaryLine,
  PAGES,
  pagePath,
} from '@vitrina/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { EstadoBadge } from '../../../components/order-details';
import { useFormatInstant } from '../../../lib/shop-dates';
import { useFormatMoney } from '../../../lib/shop-money';
import { LineRating } from './line-rating';
import styles from './sale-card.module.css';

/**
 * One purchase (SPEC §2 Purchase history): its order number, date, state, tracking, card, total, its
 * product lines to rate, and the way to its order page.
 */
export function SaleCard({ sale }: { sale: OrderSummary }) {
  const titleId = useId();
  const formatInstant = useFormatInstant();
  const formatMoney = useFormatMoney();
  const orderPath = pagePath(PAGES.order, sale.id_venta);
  return (
    <article className={styles.sale} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {sale.numero_pedido && <>Pedido {sale.numero_pedido} · </>}
          Compra del <time dateTime={sale.fecha}>{formatInstant(sale.fecha, 'longDateTime')}</time>
        </h2>
        <EstadoBadge estado={sale.estado} />
        <dl className={styles.facts}>
          {sale.guia && (
            <div>
              <dt>Guía</dt>
              <dd>
                {sale.guia}
                {sale.transportista && ` (${sale.transportista})`}
              </dd>
            </div>
          )}
          {sale.pago_ultimos4 && (
            <div>
              <dt>Tarjeta</dt>
              <dd>{cardSummary(sale.pago_marca, sale.pago_ultimos4)}</dd>
            </div>
          )}
          <div>
            <dt>Total</dt>
            <dd className={styles.total}>{formatMoney(sale.valor_total_venta)}</dd>
          </div>
        </dl>
        <Link to={orderPath} className={styles.orderLink} aria-describedby={titleId}>
          Ver pedido
        </Link>
      </header>
      <ul className={styles.lines}>
        {sale.detalle_venta.map((line) => (
          <SaleLineItem key={line.id_detalle_venta} line={line} canRate={isActiveOrder(sale.estado)} />
        ))}
      </ul>
    </article>
  );
}

function SaleLineItem({ line, canRate }: { line: OrderSummaryLine; canRate: boolean }) {
  const formatMoney = useFormatMoney();
  const product = `/products/${line.id_producto}`;
  return (
    <li className={styles.line}>
      <img src={line.Producto.imagen} alt="" width={72} height={72} loading="lazy" className={styles.image} />
      <div className={styles.lineBody}>
        <Link to={product} className={styles.name}>
          {lineName(line.Producto.nombre, line.variante)}
        </Link>
        <dl className={styles.lineFacts}>
          <div>
            <dt>Cantidad</dt>
            <dd>{line.cantidad}</dd>
          </div>
          <div>
            <dt>Precio unitario</dt>
            <dd>{formatMoney(line.valor_unitario)}</dd>
          </div>
          <div>
            <dt>Subtotal</dt>
            <dd>{formatMoney(line.valor_total_cantidad)}</dd>
          </div>
        </dl>
        {canRate && <LineRating line={line} />}
      </div>
    </li>
  );
}
