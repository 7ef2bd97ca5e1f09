import { type AbandonedCartRow, PAGES, pagePath } from '@vitrina/shared';
import { Link } from 'react-router';
import { useFormatInstant } from '../../../lib/shop-dates';
import { useFormatMoney } from '../../../lib/shop-money';
import styles from './admin-page.module.css';

/** Who left a cart: the account's name, or the guest's typed at checkout (maybe none). */
export const cartHolder = (cart: Pick<AbandonedCartRow, 'nombre'>) => cart.nombre || 'Sin nombre';

/** What the reminder column says of a cart. */
function reminderText(cart: AbandonedCartRow, when: (iso: string) => string): string {
  if (cart.recordado) return `Enviado el ${when(cart.recordado)}`;
  return cart.sin_recordatorios ? 'No (el cliente los desactivó)' : 'Todavía no';
}

/**
 * The abandoned carts of one page: who (a guest's marked as such, with the e-mail typed at checkout), what,
 * how much, when, the reminder and the order that followed.
 */
export function AbandonedCartsTable({
  carts,
  caption,
}: {
  carts: readonly AbandonedCartRow[];
  caption: string;
}) {
  const formatMoney = useFormatMoney();
  const formatInstant = useFormatInstant();
  const when = (iso: string) => formatInstant(iso, 'dateTime');
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Cliente</th>
            <th scope="col">Email</th>
            <th scope="col" className={styles.number}>
              Productos
            </th>
            <th scope="col" className={styles.number}>
              Valor
            </th>
            <th scope="col">Último cambio</th>
            <th scope="col">Recordatorio</th>
            <th scope="col">Compra recuperada</th>
          </tr>
        </thead>
        <tbody>
          {carts.length === 0 ? (
            <tr>
              <td colSpan={7} className={styles.muted}>
                No hay carritos olvidados.
              </td>
            </tr>
          ) : (
            carts.map((cart) => (
              <tr key={`${cart.id_carrito}-${cart.id_venta ?? 'carrito'}`}>
                <th scope="row">
                  {cartHolder(cart)}
                  {cart.id_usuario === null && (
                    <>
                      {' '}
                      <span className={styles.badge}>invitado</span>
                    </>
                  )}
                </th>
                <td data-label="Email">{cart.email}</td>
                <td data-label="Productos" className={styles.number}>
                  {cart.unidades}
                </td>
                <td data-label="Valor" className={styles.number}>
                  {formatMoney(cart.valor)}
                </td>
                <td data-label="Último cambio" className={styles.nowrap}>
                  {when(cart.actualizado)}
                </td>
                <td data-label="Recordatorio">{reminderText(cart, when)}</td>
                <td data-label="Compra recuperada">
                  {cart.id_venta === null ? (
                    <span className={styles.muted}>No</span>
                  ) : (
                    <Link to={pagePath(PAGES.adminOrder, cart.id_venta)}>
                      {cart.numero_pedido ?? `Compra n.º ${cart.id_venta}`}
                    </Link>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
