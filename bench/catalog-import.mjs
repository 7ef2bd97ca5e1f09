// Catalog import (decision 089): 10,000 CSV rows (5,000 products of two variants each) reviewed (dry run),
// applied, then applied again (which must change nothing), against the production build on PostgreSQL.
// While each runs, one client asks the catalog for a listing page every 25 ms: its p95 says whether the
// import blocks the shop.

import { signIn } from './lib/browser-session.mjs';
import { budget, table } from './lib/markdown.mjs';
import { dropDatabase, freshDatabase } from './lib/postgres.mjs';
import { startShop } from './lib/shop.mjs';

const ADMIN = { email: 'admin@vitrina.local', password: 'Bench12345' };
const PRODUCTS = 5_000;
const SIZES = ['M', 'L'];
/** Dry run plus apply of 10,000 rows: "well under a minute". */
const BUDGET_MS = 30_000;
/** A catalog page while the import runs. */
const CATALOG_P95_MS = 1_000;
/** Between two catalog requests: about 40 a second. */
const PAUSE_MS = 25;

const columns =
  'producto,nombre,descripcion,categoria,producto_activo,imagenes,opcion1_nombre,opcion1_valor,opcion2_nombre,opcion2_valor,opcion3_nombre,opcion3_valor,sku,precio,precio_descuento,stock,activo,imagen_variante';

function catalogCsv(category, photo) {
  const lines = [columns];
  for (let i = 1; i <= PRODUCTS; i++) {
    SIZES.forEach((size, j) => {
      const first = j === 0;
      lines.push(
        [
          `bench-${i}`,
          first ? `Remera de algodón ${i}` : '',
          first ? '"Remera de algodón peinado, cuello redondo, lavable a máquina."' : '',
          first ? category : '',
          first ? 'sí' : '',
          first ? photo : '',
          'Talla',
          size,
          '',
          '',
          '',
          '',
          `BENCH-${i}-${size}`,
          `${10 + (i % 90)}.${String(i % 100).padStart(2, '0')}`,
          '',
          String(i % 50),
          'sí',
          '',
        ].join(','),
      );
    });
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** POST /api/products/import with the CSV, as the Ajustes screen sends it; answers the result and the time. */
async function importFile(base, request, csv, dryRun) {
  const cookie = request.cookieHeader();
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const form = new FormData();
  form.append('archivo', new Blob([csv], { type: 'text/csv' }), 'catalogo.csv');
  const started = performance.now();
  const res = await fetch(`${base}/api/products/import${dryRun ? '?dry_run=true' : ''}`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': xsrf },
    body: form,
  });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(body)}`);
  return { ms, ...body, errores: body.errores.length };
}

/** Listing pages asked one after another until `done` settles: their latencies. */
async function catalogWhile(base, done) {
  const times = [];
  let finished = false;
  done.finally(() => {
    finished = true;
  });
  for (let page = 1; !finished; page++) {
    const started = performance.now();
    await fetch(`${base}/api/products?page=${(page % 20) + 1}`).then((res) => res.arrayBuffer());
    times.push(performance.now() - started);
    // A busy small shop's pace, not a flood: the client must not take the cores the import needs.
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return times;
}

const p95 = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

async function measured(base, request, csv, dryRun) {
  const pending = importFile(base, request, csv, dryRun);
  const [result, times] = await Promise.all([pending, catalogWhile(base, pending)]);
  return { ...result, catalogRequests: times.length, catalogP95: p95(times) };
}

export async function run() {
  const url = await freshDatabase('vitrina_bench_import');
  const shop = await startShop({
    databaseUrl: url,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  let runs;
  try {
    const request = await signIn(shop.url, ADMIN.email, ADMIN.password);
    const categories = await (await fetch(`${shop.url}/api/categorias`)).json();
    const products = await (await fetch(`${shop.url}/api/products?page=1`)).json();
    const csv = catalogCsv(categories[0].nombre_categoria_producto, products.items[0].imagen);
    runs = {
      dryRun: await measured(shop.url, request, csv, true),
      apply: await measured(shop.url, request, csv, false),
      again: await measured(shop.url, request, csv, false),
    };
  } finally {
    await shop.stop();
    await dropDatabase('vitrina_bench_import');
  }
  const rows = Object.entries({
    'Revisar (dry run)': runs.dryRun,
    Importar: runs.apply,
    'Importar otra vez (nada cambia)': runs.again,
  }).map(([name, r]) => [
    name,
    `${(r.ms / 1000).toFixed(1)} s`,
    r.creados,
    r.actualizados,
    r.errores,
    r.catalogRequests,
    `${r.catalogP95.toFixed(0)} ms`,
  ]);
  const markdown =
    `${PRODUCTS * SIZES.length} CSV rows (${PRODUCTS} products of ${SIZES.length} variants, one shop photo each) ` +
    `posted to POST /api/products/import on PostgreSQL; meanwhile one client asks for a listing page every ${PAUSE_MS} ms.\n\n` +
    table(['step', 'time', 'creados', 'actualizados', 'errores', 'catalog requests', 'catalog p95'], rows);
  const total = runs.dryRun.ms + runs.apply.ms;
  const worstP95 = Math.max(runs.dryRun.catalogP95, runs.apply.catalogP95, runs.again.catalogP95);
  return {
    data: runs,
    markdown,
    budgets: [
      budget(
        `10,000-row import, dry run + apply ≤ ${BUDGET_MS / 1000} s`,
        `${(total / 1000).toFixed(1)} s`,
        total <= BUDGET_MS && runs.apply.creados === PRODUCTS && runs.apply.errores === 0,
      ),
      budget(
        'the same file again changes nothing',
        `${runs.again.creados} creados, ${runs.again.actualizados} actualizados`,
        runs.again.creados === 0 && runs.again.actualizados === 0,
      ),
      budget(
        `catalog p95 while importing ≤ ${CATALOG_P95_MS} ms`,
        `${worstP95.toFixed(0)} ms`,
        worstP95 <= CATALOG_P95_MS,
      ),
    ],
  };
}
