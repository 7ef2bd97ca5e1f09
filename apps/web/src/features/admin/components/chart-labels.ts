/*
 * What the dashboard's uPlot charts write around the plot, apart from uPlot so it can be tested without a
 * <canvas>: the room the value axis needs, and the point the legend describes when no point is hovered.
 */

/** Room for the value axis's ticks and the gap between them and their labels, in CSS pixels. */
export const AXIS_TICKS_AND_GAP = 10 + 8;
/** Breathing room at the canvas's left edge, so the first character is never clipped. */
const EDGE = 4;

/**
 * The width of the value axis: its longest label as measured (CSS pixels) plus the ticks, so '$1,322.98'
 * is shown whole instead of losing its '$' past the canvas's edge (a fixed 72 px did).
 */
export function valueAxisWidth(labels: readonly string[], measure: (text: string) => number): number {
  const widest = labels.reduce((max, label) => Math.max(max, label ? measure(label) : 0), 0);
  return Math.ceil(widest + AXIS_TICKS_AND_GAP + EDGE);
}

/**
 * The point the legend describes: the hovered one, or when the pointer is not on the chart the latest day
 * of a line (today) and the first bar (the best seller), so the legend never reads 'Día:' with nothing after.
 */
export function legendIndex(
  hovered: number | null | undefined,
  kind: 'line' | 'bars',
  count: number,
): number | undefined {
  if (hovered != null && hovered >= 0 && hovered < count) return hovered;
  if (count === 0) return undefined;
  return kind === 'line' ? count - 1 : 0;
}
