import { PAGES } from '@vitrina/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import styles from './dashboard.module.css';
import ownStyles from './orders-to-do.module.css';

/** The orders screen filtered to the paid orders nobody started preparing, and to the other lists below. */
const TO_PREPARE = `${PAGES.adminOrders.path}?estado=pagada`;
const TO_BE_PAID = `${PAGES.adminOrders.path}?estado=por_pagar`;
const LATE_PAYMENTS = `${PAGES.adminOrders.path}?estado=pago_tardio`;

/**
 * What the owner has to act on: the paid orders waiting to be prepared, the orders waiting for their money
 * (a transfer to check, cash on its way), the money that came too late and must be given back, and the
 * e-mails the shop gave up sending (their customers were not told), which Ajustes › Correos explains.
 */
export function OrdersToDo({
  porPreparar,
  porPagar,
  pagosTardios,
  correosFallidos,
}: {
  porPreparar: number;
  porPagar: number;
  pagosTardios: number;
  correosFallidos: number;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Pedidos
      </h2>
      {correosFallidos > 0 && (
        <p className={ownStyles.warning}>
          {correosFallidos === 1
            ? 'Un correo a un cliente no se pudo enviar.'
            : `${correosFallidos} correos a clientes no se pudieron enviar.`}{' '}
          <Link to={PAGES.adminMail.path}>Revisa por qué en Correos</Link>
        </p>
      )}
      <div className={styles.cards}>
        <article className={styles.card} aria-labelledby={`${titleId}-preparar`}>
          <h3 id={`${titleId}-preparar`} className={styles.cardTitle}>
            Pedidos por preparar
          </h3>
          <dl className={styles.figures}>
            <div className={styles.main}>
              <dt>Pagados, sin preparar</dt>
              <dd>{porPreparar}</dd>
            </div>
          </dl>
          <Link to={TO_PREPARE}>Ver pedidos por preparar</Link>
        </article>
        <article className={styles.card} aria-labelledby={`${titleId}-pagar`}>
          <h3 id={`${titleId}-pagar`} className={styles.cardTitle}>
            Pedidos por pagar
          </h3>
          <dl className={styles.figures}>
            <div className={styles.main}>
              <dt>Esperando su pago</dt>
              <dd>{porPagar}</dd>
            </div>
            <div>
              <dt>Pagos tardíos por devolver</dt>
              <dd>{pagosTardios}</dd>
            </div>
          </dl>
          <Link to={TO_BE_PAID}>Ver pedidos por pagar</Link>
          {pagosTardios > 0 && <Link to={LATE_PAYMENTS}>Ver pagos tardíos</Link>}
        </article>
      </div>
    </section>
  );
}
