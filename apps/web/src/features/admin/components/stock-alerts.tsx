import type { Dashboard } from '@vitrina/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import styles from './dashboard.module.css';

type Inventario = Dashboard['inventario'];
type StockItem = Inventario['lista_agotados'][number];

/** Active products out of stock and running low, each linking to its edit page, and the customers. */
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
          items={inventario.lista_agotados}
          note="Productos activos sin unidades: la tienda no los muestra."
          empty="Ningún producto activo está agotado."
        />
        <StockList
          title="Stock bajo"
          count={inventario.stock_bajo}
          items={inventario.lista_stock_bajo}
          note={`Productos activos con ${inventario.umbral_stock_bajo} unidades o menos.`}
          empty="Ningún producto tiene stock bajo."
        />
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
  items: readonly StockItem[];
  note: string;
  empty: string;
}

function StockList({ title, count, items, note, empty }: StockListProps) {
  const titleId = useId();
  const more = count - items.length;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {title}: <span className={styles.count}>{count}</span>
      </h3>
      <p className={styles.note}>{note}</p>
      {items.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className={styles.stockList}>
          {items.map((item) => (
            <li key={item.id_producto}>
              <Link to={`/product/${item.id_producto}`}>{item.nombre}</Link>
              <span className={styles.units}>{item.stock === 1 ? '1 unidad' : `${item.stock} unidades`}</span>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className={styles.note}>Y {more} más.</p>}
    </article>
  );
}
