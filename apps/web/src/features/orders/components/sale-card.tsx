import { cardSummary, formatMoney, type Sale, type SaleLine, type VentaEstado } from '@vitrina/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFormatInstant } from '../../../lib/shop-dates';
import { RatingForm } from './rating-form';
import styles from './sale-card.module.css';

const ESTADOS: Record<VentaEstado, { label: string; className: string | undefined }> = {
  pagada: { label: 'Pagada', className: styles.paid },
  fallida: { label: 'Rechazada', className: styles.failed },
  pendiente: { label: 'Pendiente', className: styles.pending },
};

/** One purchase (SPEC §2 Purchase history): date, state, card, total, and its product lines. */
export function SaleCard({ sale }: { sale: Sale }) {
  const titleId = useId();
  const estado = ESTADOS[sale.estado];
  const formatInstant = useFormatInstant();
  return (
    <article className={styles.sale} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Compra del <time dateTime={sale.fecha}>{formatInstant(sale.fecha, 'longDateTime')}</time>
        </h2>
        <span className={`${styles.badge} ${estado.className ?? ''}`}>{estado.label}</span>
        <dl className={styles.facts}>
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
      </header>
      <ul className={styles.lines}>
        {sale.detalle_venta.map((line) => (
          <SaleLineItem key={line.id_detalle_venta} line={line} canRate={sale.estado === 'pagada'} />
        ))}
      </ul>
    </article>
  );
}

function SaleLineItem({ line, canRate }: { line: SaleLine; canRate: boolean }) {
  const [justRated, setJustRated] = useState(false);
  const ratedRef = useRef<HTMLParagraphElement>(null);
  const rated = line.comentado || justRated;
  const product = `/products/${line.id_producto}`;

  // After rating, focus lands on the confirmation that replaced the form.
  useEffect(() => {
    if (justRated) ratedRef.current?.focus();
  }, [justRated]);

  return (
    <li className={styles.line}>
      <img src={line.Producto.imagen} alt="" width={72} height={72} loading="lazy" className={styles.image} />
      <div className={styles.lineBody}>
        <Link to={product} className={styles.name}>
          {line.Producto.nombre}
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
        {canRate && rated && (
          <p ref={ratedRef} tabIndex={-1} className={styles.rated}>
            Ya calificaste este producto
          </p>
        )}
        {canRate && !rated && <RatingForm line={line} onRated={() => setJustRated(true)} />}
      </div>
    </li>
  );
}
