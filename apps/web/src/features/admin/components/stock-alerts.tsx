import { type Dashboard, type LowStockItem, lineName, lowStockUnits, unitsText } from '@vitrina/shared';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import styles from './dashboard.module.css';

type Inventario = Dashboard['inventario'];

/**
 * Active products out of stock, and the variants running low of those still on sale (each at or below
 * its own threshold or the shop's), each linking to its product's edit page; and the customers.
 */
export function StockAlerts({
  inventario,
  clientes,
}: {
  inventario: Inventario;
  clientes: Dashboard['clientes'];
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Inventario y clientes
      </h2>
      <div className={styles.cards}>
        <StockList
          title="Agotados"
          count={inventario.agotados}
          shown={inventario.lista_agotados.length}
          note="Productos activos sin unidades: la tienda no los muestra."
          empty="Ningún producto activo está agotado."
        >
          {inventario.lista_agotados.map((item) => (
            <li key={item.id_producto}>
              <Link to={`/product/${item.id_producto}`}>{item.nombre}</Link>
              <span className={styles.units}>{unitsText(item.stock)}</span>
            </li>
          ))}
        </StockList>
        <StockList
          title="Stock bajo"
          count={inventario.stock_bajo}
          shown={inventario.lista_stock_bajo.length}
          note={`Variantes activas en su stock mínimo o por debajo: el suyo, o ${unitsText(inventario.umbral_stock_bajo)} (el de la tienda, en Ajustes).`}
          empty="Ninguna variante tiene stock bajo."
        >
          {inventario.lista_stock_bajo.map((item) => (
            <LowStockRow key={item.id_variante} item={item} />
          ))}
        </StockList>
        <article className={styles.card} aria-labelledby={`${titleId}-clientes`}>
          <h3 id={`${titleId}-clientes`} className={styles.cardTitle}>
            Clientes
          </h3>
          <dl className={styles.figures}>
            <div className={styles.main}>
              <dt>Clientes registrados</dt>
              <dd>{clientes.total}</dd>
            </div>
            <div>
              <dt>Activos</dt>
              <dd>{clientes.total - clientes.baneados}</dd>
            </div>
            <div>
              <dt>Baneados</dt>
              <dd>{clientes.baneados}</dd>
            </div>
          </dl>
          <Link to="/admin/usuarios">Gestionar usuarios</Link>
        </article>
      </div>
    </section>
  );
}

interface StockListProps {
  title: string;
  count: number;
  /** How many of `count` the list shows. */
  shown: number;
  note: string;
  empty: string;
  children: ReactNode;
}

function StockList({ title, count, shown, note, empty, children }: StockListProps) {
  const titleId = useId();
  const more = count - shown;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {title}: <span className={styles.count}>{count}</span>
      </h3>
      <p className={styles.note}>{note}</p>
      {shown === 0 ? <p>{empty}</p> : <ul className={styles.stockList}>{children}</ul>}
      {more > 0 && <p className={styles.note}>Y {more} más.</p>}
    </article>
  );
}

/** A low variant: its product and label (to the product's edit page), its SKU, units and threshold. */
function LowStockRow({ item }: { item: LowStockItem }) {
  return (
    <li>
      <span>
        <Link to={`/product/${item.id_producto}`}>{lineName(item.nombre, item.variante)}</Link>{' '}
        <span className={styles.note}>SKU {item.sku}</span>
      </span>
      <span className={styles.units}>
        {lowStockUnits(item.stock)} · mínimo {item.stock_minimo}
      </span>
    </li>
  );
}
