// `npm run bench`: every section against the production build; every figure in results/<date>.{json,md},
// and each budget's row in BENCHMARKS.md. `npm run bench -- api checkout` runs only the named sections.
import { mkdirSync, writeFileSync } from 'node:fs';
import { writeBenchmarksFile } from './lib/benchmarks-file.mjs';
import { databases, machine } from './lib/machine.mjs';
import { table } from './lib/markdown.mjs';

const SECTIONS = {
  api: ['API load', () => import('./api-load.mjs')],
  scale: ['Catalog at 100,000 products (PostgreSQL)', () => import('./catalog-scale.mjs')],
  checkout: ['Checkout', () => import('./checkout.mjs')],
  mercadopago: ['Mercado Pago: duplicates and reconciliation', () => import('./mercadopago.mjs')],
  web: ['Web', () => import('./web.mjs')],
  nginx: ['Behind nginx: two instances next to one', () => import('./nginx.mjs')],
  memory: ['Memory of the shop process', () => import('./memory.mjs')],
  import: ['Catalog import by CSV (PostgreSQL)', () => import('./catalog-import.mjs')],
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in SECTIONS));
if (unknown.length) {
  console.error(`unknown section(s): ${unknown.join(', ')}; choose from ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const host = machine();
const database = await databases();
const started = new Date();
const results = {};
const budgets = [];
const sections = [];
const measured = new Map();

for (const [key, [title, load]] of Object.entries(SECTIONS)) {
  if (wanted.length && !wanted.includes(key)) continue;
  console.error(`\n▶ ${title}`);
  const sectionStarted = new Date();
  const section = await (await load()).run({ seconds });
  results[key] = section.data;
  budgets.push(...section.budgets);
  measured.set(title, { budgets: section.budgets, when: sectionStarted });
  sections.push(`## ${title}\n\n${section.markdown}`);
  console.log(`\n## ${title}\n\n${section.markdown}\n`);
}

const budgetTable = table(
  ['budget', 'measured', 'holds'],
  budgets.map((b) => [b.name, b.measured, b.holds ? 'yes' : '**no**']),
);
const header = `Measured ${started.toISOString()} on ${host.cpus} × ${host.cpuModel}, ${host.memoryGiB} GiB, Node ${host.node} (${host.platform}), PostgreSQL ${database.postgres}, PGlite ${database.pglite}.`;
console.log(`## Budgets\n\n${budgetTable}\n\n${header}`);

const stamp = started.toISOString().slice(0, 10);
const dir = new URL('./results/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(
  new URL(`${stamp}.json`, dir),
  `${JSON.stringify({ date: started.toISOString(), machine: { ...host, ...database }, budgets, results }, null, 2)}\n`,
);
writeFileSync(
  new URL(`${stamp}.md`, dir),
  `${header}\n\n## Budgets\n\n${budgetTable}\n\n${sections.join('\n\n')}\n`,
);
writeBenchmarksFile({
  titles: Object.values(SECTIONS).map(([title]) => title),
  measured,
  machine: `${host.cpus} cores, ${host.memoryGiB} GiB, Node ${host.node}, PostgreSQL ${database.postgres}, PGlite ${database.pglite}`,
});
console.error(`\nwritten bench/results/${stamp}.json and .md, and BENCHMARKS.md`);
// The exit status says whether every budget holds, so a script or CI job can act on it.
const failing = budgets.filter((b) => !b.holds);
console.error(`${budgets.length - failing.length} of ${budgets.length} budgets hold`);
process.exit(failing.length ? 1 : 0);
