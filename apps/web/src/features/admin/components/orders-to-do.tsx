import { PAGES } from '@vitrina/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import styles from './dashboard.module.css';
import ownStyles from './orders-to-do.module.css';

/** The orders screen filtered to the paid orders nobody started preparing. */
const TO_PREPARE = `${PAGES.adminOrders.path}?estado=pagada`;

/**
 * What the owner has to act on: the paid orders waiting to be prepared, and the e-mails the shop gave up
 * sending (their customers were not told), which Ajustes › Correos explains.
 */
export function OrdersToDo({
  porPreparar,
  correosFallidos,
}: {
  porPreparar: number;
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
      </div>
    </section>
  );
}
