import { formatRate, lineName, type Order, toBasisPoints } from '@vitrina/shared';
import { createPortal } from 'react-dom';
import { orderTitle, ShippingAddress, unitsKept } from '../../../components/order-details';
import { useFormatInstant } from '../../../lib/shop-dates';
import { useShopIdentity } from '../../../lib/shop-identity';
import { useFormatMoney, useShopCurrency } from '../../../lib/shop-money';
import styles from './packing-list.module.css';

/**
 * What a packer needs, and only that, for the printer (it is not shown on screen): the order number, where
 * it goes, and each product with the units to put in the box — refunded units left out, no prices. It is
 * a child of <body>, so the print style can take everything else out of the page's flow (see its CSS).
 * Where prices include a tax, the order's total and the tax it includes close it, as the slip that goes
 * in the box (decision 058).
 */
export function PackingList({ order }: { order: Order }) {
  const formatDateTime = useFormatInstant();
  const shop = useShopIdentity().data;
  const formatMoney = useFormatMoney();
  const currency = useShopCurrency();
  const lines = order.detalle_venta.filter((line) => unitsKept(line) > 0);
  const units = lines.reduce((sum, line) => sum + unitsKept(line), 0);
  return createPortal(
    <section className={styles.packing} aria-label="Lista de empaque">
      {shop && (
        <p className={styles.shop}>
          {shop.logo && <img src={shop.logo} alt="" height={40} />}
          <strong>{shop.nombre}</strong>
        </p>
      )}
      <h2>Lista de empaque · {orderTitle(order)}</h2>
      <p>Pedido del {formatDateTime(order.fecha, 'longDateTime')}</p>
      <h3>{order.retiro ? 'Se retira en la tienda' : 'Enviar a'}</h3>
      <ShippingAddress address={order.direccion_envio} pickup={order.retiro} />
      <table>
        <thead>
          <tr>
            <th scope="col" className={styles.boxColumn}>
              Empacado
            </th>
            <th scope="col">Producto</th>
            <th scope="col" className={styles.units}>
              Unidades
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id_detalle_venta}>
              <td>
                <span className={styles.box} aria-hidden="true" />
              </td>
              <td>
                {lineName(line.Producto.nombre, line.variante)}
                <br />
                <small>
                  Producto n.º {line.id_producto}
                  {line.variante && ` · SKU ${line.sku}`}
                </small>
              </td>
              <td className={styles.units}>{unitsKept(line)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td />
            <th scope="row">Total de unidades</th>
            <td className={styles.units}>{units}</td>
          </tr>
        </tfoot>
      </table>
      {order.impuesto && (
        <p>
          Total del pedido: {formatMoney(order.valor_total_venta)} · Incluye {order.impuesto.nombre} (
          {formatRate(toBasisPoints(order.impuesto.tasa), currency)}
          {'\u00a0'}%): {formatMoney(order.impuesto.monto)}
        </p>
      )}
    </section>,
    document.body,
  );
}
