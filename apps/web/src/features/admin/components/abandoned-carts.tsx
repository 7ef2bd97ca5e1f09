import { PAGES } from '@vitrina/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { useFormatInstant } from '../../../lib/shop-dates';
import { useAbandonedCarts } from '../api/get-abandoned-carts';
import { cartHolder } from './abandoned-carts-table';
import styles from './dashboard.module.css';

/** The dashboard's abandoned carts: reminders sent, orders recovered, and the carts resting now. */
export function AbandonedCartsSection() {
  const titleId = useId();
  const carts = useAbandonedCarts();
  const formatInstant = useFormatInstant();
  if (!carts.data) return null;
  const { horas, recordatorios, recuperados, carritos } = carts.data;
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Carritos olvidados
      </h2>
      <p className={styles.note}>
        Carritos de clientes, y de invitados que escribieron su correo al pagar, con productos y sin cambios
        desde hace más de {horas} h. Cada uno recibe un solo recordatorio por correo.
      </p>
      <dl className={styles.figures}>
        <div className={styles.main}>
          <dt>Carritos olvidados</dt>
          <dd>{carritos.length}</dd>
        </div>
        <div>
          <dt>Recordatorios enviados</dt>
          <dd>{recordatorios}</dd>
        </div>
        <div>
          <dt>Compras recuperadas</dt>
          <dd>{recuperados}</dd>
        </div>
      </dl>
      {carritos.length > 0 && (
        <ul>
          {carritos.map((cart) => (
            <li key={cart.id_carrito}>
              {cartHolder(cart)} ({cart.id_usuario === null ? `invitado, ${cart.email}` : cart.email}):{' '}
              {cart.unidades} {cart.unidades === 1 ? 'producto' : 'productos'}, sin cambios desde{' '}
              {formatInstant(cart.actualizado, 'longDateTime')}
              {cart.recordado ? '; recordatorio enviado' : ''}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={PAGES.adminCarts.path}>Ver todos los carritos olvidados y recuperados</Link>
      </p>
    </section>
  );
}
