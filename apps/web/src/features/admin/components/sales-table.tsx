import { formatMoney, type Sale, type VentaEstado } from '@vitrina/shared';
import { useFormatInstant } from '../../../lib/shop-dates';
import styles from './admin-page.module.css';

const ESTADOS: Record<VentaEstado, { label: string; className: string | undefined }> = {
  pagada: { label: 'Pagada', className: styles.ok },
  pendiente: { label: 'Pendiente', className: styles.warn },
  fallida: { label: 'Rechazada', className: styles.danger },
};

/** The sales history table (SPEC §2): one row per sale, by date, with its product lines. */
export function SalesTable({ sales, caption }: { sales: readonly Sale[]; caption: string }) {
  const formatDateTime = useFormatInstant();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Cliente</th>
            <th scope="col">Productos</th>
            <th scope="col" className={styles.number}>
              Total
            </th>
            <th scope="col">Pago</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => {
            const estado = ESTADOS[sale.estado];
            return (
              <tr key={sale.id_venta}>
                <th scope="row">
                  <time dateTime={sale.fecha}>{formatDateTime(sale.fecha)}</time>
                  <br />
                  <span className={styles.muted}>Venta n.º {sale.id_venta}</span>
                </th>
                <td>
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
                <td>
                  <ul className={styles.lines}>
                    {sale.detalle_venta.map((line) => (
                      <li key={line.id_detalle_venta}>
                        {line.cantidad} × {line.Producto.nombre}{' '}
                        <span className={styles.muted}>({formatMoney(line.valor_total_cantidad)})</span>
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={styles.number}>{formatMoney(sale.valor_total_venta)}</td>
                <td>
                  <span className={`${styles.badge} ${estado.className ?? ''}`}>{estado.label}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
