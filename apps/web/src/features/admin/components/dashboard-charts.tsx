import { DASHBOARD_DAYS, type Dashboard, spellDay } from '@vitrina/shared';
import { useId, useMemo } from 'react';
import { useFormatMoney } from '../../../lib/shop-money';
import { formatDay } from '../utils/format-date';
import { ChartFigure } from './chart-figure';
import styles from './dashboard.module.css';

/** Axis ticks may fall between whole units; only whole ones are labelled. */
const formatUnits = (value: number) => (Number.isInteger(value) ? String(value) : '');

interface DashboardChartsProps {
  days: Dashboard['ingresos_por_dia'];
  top: Dashboard['mas_vendidos'];
}

/** Revenue per day over the last 30 days and the 5 best sellers by units, drawn with uPlot. */
export function DashboardCharts({ days, top }: DashboardChartsProps) {
  const titleId = useId();
  const formatMoney = useFormatMoney();
  const revenue = useMemo(() => {
    const best = days.reduce<(typeof days)[number] | undefined>(
      (found, day) => (day.ingresos > (found?.ingresos ?? 0) ? day : found),
      undefined,
    );
    const total = days.reduce((sum, day) => sum + Math.round(day.ingresos * 100), 0) / 100;
    const sales = days.reduce((sum, day) => sum + day.ventas, 0);
    return {
      labels: days.map((day) => formatDay(day.fecha)),
      longLabels: days.map((day) => spellDay(day.fecha)),
      values: days.map((day) => day.ingresos),
      summary: best
        ? `Total: ${formatMoney(total)} en ${sales} ${sales === 1 ? 'venta' : 'ventas'}. Mejor día: ${spellDay(best.fecha)} (${formatMoney(best.ingresos)}).`
        : `Sin ventas pagadas en los últimos ${DASHBOARD_DAYS} días.`,
    };
  }, [days, formatMoney]);
  const products = useMemo(
    () => ({
      labels: top.map((product) => product.nombre),
      values: top.map((product) => product.unidades),
      summary: top[0]
        ? `El más vendido: ${top[0].nombre}, con ${top[0].unidades} ${top[0].unidades === 1 ? 'unidad' : 'unidades'}.`
        : '',
    }),
    [top],
  );

  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Tendencias
      </h2>
      <div className={styles.charts}>
        <ChartFigure
          kind="line"
          caption={`Ingresos por día (últimos ${DASHBOARD_DAYS} días)`}
          columnLabel="Día"
          seriesLabel="Ingresos"
          formatValue={formatMoney}
          {...revenue}
        />
        {top.length === 0 ? (
          <div className={styles.figure}>
            <p className={styles.figureTitle}>Productos más vendidos (últimos 30 días)</p>
            <p className={styles.summary}>Todavía no hay ventas pagadas en los últimos 30 días.</p>
          </div>
        ) : (
          <ChartFigure
            kind="bars"
            caption={`Los ${top.length} productos más vendidos (unidades, últimos ${DASHBOARD_DAYS} días)`}
            columnLabel="Producto"
            seriesLabel="Unidades vendidas"
            formatValue={formatUnits}
            {...products}
          />
        )}
      </div>
    </section>
  );
}
