import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
// A CSS file Vite emits next to this chunk and loads with <link>: nothing injects a <style> element,
// which our CSP (style-src 'self') would block. uPlot itself only sets element.style properties.
import 'uplot/dist/uPlot.min.css';
import styles from './chart-canvas.module.css';
import { legendIndex, valueAxisWidth } from './chart-labels';

export interface ChartCanvasProps {
  kind: 'line' | 'bars';
  /** One label per point, in order (days or product names). */
  labels: readonly string[];
  values: readonly number[];
  seriesLabel: string;
  /** What the labels are ('Día', 'Producto'), shown in the hover legend. */
  xLabel: string;
  formatValue: (value: number) => string;
}

/** The least a plot keeps of its box on a phone, where the legend can take three lines. */
const MIN_PLOT_HEIGHT = 120;

const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * A uPlot chart on a <canvas> (docs/decisions/005-admin-charts.md). Loaded only by the dashboard, with
 * React.lazy, so neither uPlot nor its CSS reach the storefront or the other admin screens. It is
 * decoration for sighted users: the figure around it carries the caption and the data as a table.
 */
export default function ChartCanvas({
  kind,
  labels,
  values,
  seriesLabel,
  xLabel,
  formatValue,
}: ChartCanvasProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const accent = cssVar('--color-accent', '#b4410f');
    const text = cssVar('--color-text-muted', '#57534e');
    const grid = cssVar('--color-border', '#e7dfd6');
    const label = (i: number) => (Number.isInteger(i) ? (labels[i] ?? '') : '');
    // Bars are labelled under each one: the names are cut to the room a bar has in the plot area (bbox
    // is in canvas pixels), at about 8 px a character.
    const fitted = (u: uPlot, i: number) => {
      const text = label(i);
      const plotWidth = u.bbox.width / uPlot.pxRatio;
      const room = Math.max(3, Math.floor(plotWidth / Math.max(labels.length, 1) / 8));
      return text.length > room ? `${text.slice(0, room - 1)}…` : text;
    };
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };

    const width = () => Math.max(element.clientWidth, 280);
    const options: uPlot.Options = {
      width: width(),
      height: element.clientHeight,
      scales: {
        x: { time: false, range: () => [-0.5, Math.max(labels.length - 0.5, 0.5)] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        {
          ...axis,
          grid: { show: false },
          space: kind === 'bars' ? 20 : 48,
          values: (u, splits) => splits.map((i) => (kind === 'bars' ? fitted(u, i) : label(i))),
        },
        {
          ...axis,
          // As wide as its longest label ('$1,322.98'), measured in the axis's own font.
          size: (u, tickLabels, axisIndex) => {
            // uPlot keeps an axis's font as [css font, size] once the chart is built.
            const font: unknown = u.axes[axisIndex]?.font;
            u.ctx.font = Array.isArray(font) ? String(font[0]) : typeof font === 'string' ? font : u.ctx.font;
            return valueAxisWidth(tickLabels ?? [], (t) => u.ctx.measureText(t).width / uPlot.pxRatio);
          },
          values: (_u, splits) => splits.map((v) => formatValue(v)),
        },
      ],
      series: [
        // The hovered point, or today / the best seller when the pointer is elsewhere.
        {
          label: xLabel,
          value: (_u, _x, _s, hovered) => {
            const i = legendIndex(hovered, kind, labels.length);
            return i === undefined ? '' : label(i);
          },
        },
        {
          label: seriesLabel,
          stroke: accent,
          width: 2,
          fill: `${accent}33`,
          value: (_u, _v, _s, hovered) => {
            const i = legendIndex(hovered, kind, values.length);
            const v = i === undefined ? undefined : values[i];
            return v === undefined ? '' : formatValue(v);
          },
          points: { show: kind === 'line', size: 5 },
          ...(kind === 'bars' ? { paths: uPlot.paths.bars?.({ size: [0.6, 64] }) } : {}),
        },
      ],
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
    };
    const chart = new uPlot(options, [labels.map((_, i) => i), [...values]], element);
    // The box's height is the stylesheet's (the loading placeholder's too), so nothing under the chart
    // moves when it is drawn: the plot takes what the legend leaves of it, again whenever the box's width
    // or the hovered point's name wraps the legend onto more or fewer lines.
    const legend = element.querySelector<HTMLElement>('.u-legend');
    const fit = () =>
      chart.setSize({
        width: width(),
        height: Math.max(element.clientHeight - (legend?.offsetHeight ?? 0), MIN_PLOT_HEIGHT),
      });
    fit();
    const resize = new ResizeObserver(fit);
    resize.observe(element);
    if (legend) resize.observe(legend);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [kind, labels, values, seriesLabel, xLabel, formatValue]);

  return <div ref={container} className={styles.canvas} aria-hidden="true" />;
}
