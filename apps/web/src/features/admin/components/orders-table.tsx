import { lineName, type OrderSummary, PAGES, pagePath } from '@vitrina/shared';
import { Link } from 'react-router';
import { EstadoBadge } from '../../../components/order-details';
import { useFormatInstant } from '../../../lib/shop-dates';
import { useFormatMoney } from '../../../lib/shop-money';
import styles from './admin-page.module.css';

/** The orders screen's table: one row per order, newest first, with its lines, buyer, state and tracking. */
export function OrdersTable({ sales, caption }: { sales: readonly OrderSummary[]; caption: string }) {
  const formatDateTime = useFormatInstant();
  const formatMoney = useFormatMoney();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Pedido</th>
            <th scope="col">Cliente</th>
            <th scope="col">Productos</th>
            <th scope="col" className={styles.number}>
              Total
            </th>
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => (
            <tr key={sale.id_venta}>
              <th scope="row">
                <Link to={pagePath(PAGES.adminOrder, sale.id_venta)} className={styles.nowrap}>
                  {sale.numero_pedido ?? `Compra n.º ${sale.id_venta}`}
                </Link>
                <br />
                <time dateTime={sale.fecha} className={styles.muted}>
                  {formatDateTime(sale.fecha)}
                </time>
              </th>
              <td data-label="Cliente">
                {sale.Usuario ? (
                  <>
                    {sale.Usuario.primer_nombre} {sale.Usuario.primer_apellido}
                    <br />
                    <span className={styles.muted}>{sale.Usuario.email}</span>
                  </>
                ) : (
                  <span className={styles.muted}>Cliente n.º {sale.id_usuario}</span>
                )}
              </td>
              <td data-label="Productos">
                <ul className={styles.lines}>
                  {sale.detalle_venta.map((line) => (
                    <li key={line.id_detalle_venta}>
                      {line.cantidad} × {lineName(line.Producto.nombre, line.variante)}{' '}
                      <span className={styles.muted}>({formatMoney(line.valor_total_cantidad)})</span>
                    </li>
                  ))}
                </ul>
              </td>
              <td className={styles.number} data-label="Total">
                {formatMoney(sale.valor_total_venta)}
              </td>
              <td data-label="Estado">
                <EstadoBadge estado={sale.estado} />
                {sale.guia && (
                  <>
                    <br />
                    <span className={styles.muted}>
                      Guía {sale.guia}
                      {sale.transportista && ` (${sale.transportista})`}
                    </span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
