import type { Dashboard, SalesFigures } from '@vitrina/shared';
import { useId } from 'react';
import { useFormatMoney } from '../../../lib/shop-money';
import styles from './dashboard.module.css';

const PERIODS = [
  ['hoy', 'Hoy'],
  ['ultimos_7_dias', 'Últimos 7 días'],
  ['ultimos_30_dias', 'Últimos 30 días'],
] as const satisfies ReadonlyArray<readonly [keyof Dashboard['ventas'], string]>;

/** Paid sales of today, the last 7 and the last 30 days: revenue, number of sales and average ticket. */
export function SalesFiguresSection({ ventas }: { ventas: Dashboard['ventas'] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Ventas pagadas
      </h2>
      <ul className={styles.cards}>
        {PERIODS.map(([key, label]) => (
          <li key={key}>
            <PeriodCard label={label} figures={ventas[key]} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PeriodCard({ label, figures }: { label: string; figures: SalesFigures }) {
  const titleId = useId();
  const formatMoney = useFormatMoney();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {label}
      </h3>
      <dl className={styles.figures}>
        <div className={styles.main}>
          <dt>Ingresos</dt>
          <dd>{formatMoney(figures.ingresos)}</dd>
        </div>
        <div>
          <dt>Ventas</dt>
          <dd>{figures.ventas}</dd>
        </div>
        <div>
          <dt>Ticket promedio</dt>
          <dd>{formatMoney(figures.ticket_promedio)}</dd>
        </div>
      </dl>
    </article>
  );
}
