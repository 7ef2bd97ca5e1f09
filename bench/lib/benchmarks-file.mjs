// BENCHMARKS.md: one row per budget, as the last run of its section measured it. A run rewrites the rows of
// the sections it ran and keeps the others' rows as they were, so `npm run bench -- api` leaves the web
// section's figures in place.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { table } from './markdown.mjs';

const FILE = new URL('../../BENCHMARKS.md', import.meta.url);
const HEADER = ['section', 'measured', 'machine', 'budget', 'figure', 'holds'];

const cell = (text) => String(text).replaceAll('|', '\\|');
/** The cells of a table row, `\|` kept inside its cell. */
const cells = (line) =>
  line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((text) => text.trim());

/** The rows of the budgets table now in `file`, by section title (none before a first run). */
function previousRows(file) {
  if (!existsSync(file)) return new Map();
  const rows = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('| ') || !line.endsWith(' |')) continue;
    const row = cells(line);
    if (row.length !== HEADER.length || row[0] === HEADER[0] || row[0] === '---') continue;
    rows.set(row[0], [...(rows.get(row[0]) ?? []), row]);
  }
  return rows;
}

/**
 * Writes BENCHMARKS.md: the budgets of the sections this run measured (`measured`: title → its budgets and
 * when it started), the previous rows of the others, and "not run" for a section that never ran.
 */
export function writeBenchmarksFile({ titles, measured, machine, file = FILE }) {
  const previous = previousRows(file);
  const rows = titles.flatMap((title) => {
    const section = measured.get(title);
    if (section) {
      const when = `${section.when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
      return section.budgets.map((b) =>
        [title, when, machine, b.name, b.measured, b.holds ? 'yes' : '**no**'].map(cell),
      );
    }
    return previous.get(title) ?? [[title, '—', '—', '—', 'not run', '—']];
  });
  const counted = rows.filter((row) => row[5] !== '—');
  const holding = counted.filter((row) => row[5] === 'yes');
  writeFileSync(
    file,
    `# Benchmarks

<!-- Written by \`npm run bench\` (bench/run.mjs): a run replaces the rows of the sections it ran. -->

Every budget as the last run of its section measured it: **${holding.length} of ${counted.length} hold**.
\`npm run bench\` runs every section, \`npm run bench -- api checkout\` some of them (api, scale, checkout,
web, nginx, memory); what each measures and how to read it is in [bench/README.md](bench/README.md), and every
earlier run with what was learned from it in [bench/history/](bench/history/).

${table(HEADER, rows)}
`,
  );
}
