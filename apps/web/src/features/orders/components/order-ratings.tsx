import { isActiveOrder, lineName, type Order } from '@vitrina/shared';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { LineRating, ratingAnchor } from './line-rating';
import styles from './order-ratings.module.css';

/**
 * The order page's 'Califica tus productos': each bought line with its rating form, while the order is a
 * purchase (the server's rule, isActiveOrder). A guest's order, opened by its signed link, rates through
 * that link (decision 093). The delivered e-mail links each line here ('#calificar-12').
 */
export function OrderRatings({ order }: { order: Order }) {
  const { hash } = useLocation();
  const rateable = isActiveOrder(order.estado);

  // The page arrives after its order loads, so the browser found no element to scroll to: this does.
  useEffect(() => {
    if (rateable && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [rateable, hash]);

  if (!rateable) return null;
  return (
    <section className={styles.panel} aria-labelledby="pedido-calificar">
      <h2 id="pedido-calificar" className={styles.title}>
        Califica tus productos
      </h2>
      <ul className={styles.lines}>
        {order.detalle_venta.map((line) => (
          <li key={line.id_detalle_venta} id={ratingAnchor(line)} className={styles.line}>
            <Link to={`/products/${line.id_producto}`} className={styles.name}>
              {lineName(line.Producto.nombre, line.variante)}
            </Link>
            <LineRating line={line} acceso={order.acceso} />
          </li>
        ))}
      </ul>
    </section>
  );
}
