import { Component, lazy, type ReactNode, Suspense, useId } from 'react';
import type { ChartCanvasProps } from './chart-canvas';
import styles from './dashboard.module.css';

// uPlot is downloaded with this chunk, the first time the dashboard draws a chart.
const ChartCanvas = lazy(() => import('./chart-canvas'));

interface ChartFigureProps extends Omit<ChartCanvasProps, 'labels' | 'xLabel'> {
  caption: string;
  /** A sentence under the chart with what matters (the total, the best day). */
  summary: string;
  /** Labels on the chart's axis (short) and in the data table (long). */
  labels: readonly string[];
  longLabels?: readonly string[];
  columnLabel: string;
}

/**
 * A chart as a <figure>: the caption, the canvas (hidden from assistive technology), a summary and the
 * same data as a visually hidden table, so the chart is readable without seeing it.
 */
export function ChartFigure({
  caption,
  summary,
  labels,
  longLabels,
  columnLabel,
  ...chart
}: ChartFigureProps) {
  const captionId = useId();
  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.figureTitle}>
        {caption}
      </figcaption>
      <ChartBoundary>
        <Suspense fallback={<div className={styles.chartPlaceholder}>Cargando gráfico…</div>}>
          <ChartCanvas labels={labels} xLabel={columnLabel} {...chart} />
        </Suspense>
      </ChartBoundary>
      <p className={styles.summary}>{summary}</p>
      {/* Hidden through a wrapper: a table ignores the 1 px box of .visually-hidden and would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{columnLabel}</th>
              <th scope="col">{chart.seriesLabel}</th>
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one row per point of a series that never reorders
              <tr key={i}>
                <th scope="row">{longLabels?.[i] ?? label}</th>
                <td>{chart.formatValue(chart.values[i] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** If the chart's code cannot be downloaded, the figure keeps its caption, summary and data. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <p className={styles.chartPlaceholder}>No se pudo cargar el gráfico.</p>;
    return this.props.children;
  }
}
