/** A markdown table from a header row and data rows. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** One budget: what it asks, what was measured, and whether it holds. */
export const budget = (name, measured, holds) => ({ name, measured, holds });
