// Catalog at scale: 100,000 products with about 500,000 variants (half the products in nine) in a
// bench-only PostgreSQL database (the normal seed never holds them), every listing, filter and search
// measured over HTTP one request at a time. Each request asks a
// URL never asked before in the run, so the shop's response cache never answers and the figures are the
// database path. The slow scenarios come with the EXPLAIN (ANALYZE, BUFFERS) of the very statements the
// shop sent, recorded on the wire between a second shop process and PostgreSQL.
import { connect, createServer } from 'node:net';
import pg from 'pg';
import { budget, table } from './lib/markdown.mjs';
import { dropDatabase, freshDatabase, onServer } from './lib/postgres.mjs';
import { startShop } from './lib/shop.mjs';

const DATABASE = 'vitrina_bench_scale';
const PRODUCTS = 100_000;
const BUDGET_MS = 50;
/** Scenarios at or above this p95 (and always the slowest three) get their query plans. */
const PLAN_THRESHOLD_MS = 20;
const MIN_REQUESTS = 100;
const MAX_REQUESTS = 300;
const WARM_UP_REQUESTS = 10;

// Names are noun + adjective (agreeing with the noun's gender) + detail + variant, per category, so
// search meets real words, accents, plurals and a realistic number of matches per word.
const ADJECTIVES = [
  ['clásico', 'clásica'],
  ['moderno', 'moderna'],
  ['compacto', 'compacta'],
  ['práctico', 'práctica'],
  ['ligero', 'ligera'],
  ['básico', 'básica'],
  ['ecológico', 'ecológica'],
  ['resistente', 'resistente'],
  ['elegante', 'elegante'],
  ['premium', 'premium'],
  ['esencial', 'esencial'],
  ['artesanal', 'artesanal'],
];
const SENTENCES = [
  'Fabricación cuidada con materiales de calidad pensados para durar años.',
  'Fácil de usar, de limpiar y de guardar.',
  'Un diseño sobrio que combina con cualquier estilo.',
  'Envío en 24 a 48 horas y devolución gratuita durante 30 días.',
  'Una opción excelente para regalar.',
  'Probado por nuestro equipo antes de llegar a la tienda.',
  'Una relación calidad-precio difícil de superar.',
  'Con la garantía oficial del fabricante.',
  'Producido de forma responsable con el medio ambiente.',
  'Cómodo, práctico y pensado para el día a día.',
  'Las opiniones de nuestros clientes lo avalan.',
  'Disponible en cantidades limitadas.',
];
// [category id, price range in currency units, nouns as 'Name|gender', details, variants]
// biome-ignore format: one category per block reads as a table.
const WORDS = [
  [1, [5, 250], ['Camiseta|f', 'Pantalón|m', 'Sudadera|f', 'Chaqueta|f', 'Vestido|m', 'Camisa|f', 'Bufanda|f', 'Falda|f', 'Abrigo|m', 'Jersey|m', 'Gorra|f', 'Chaleco|m'],
    ['de algodón orgánico', 'de lino', 'de lana merino', 'de punto', 'de tela vaquera', 'de franela', 'de poliéster reciclado', 'con capucha'],
    ['talla S', 'talla M', 'talla L', 'talla XL', 'color negro', 'color azul marino', 'color beige', '']],
  [2, [15, 2500], ['Licuadora|f', 'Refrigerador|m', 'Lavadora|f', 'Horno|m', 'Cafetera|f', 'Freidora|f', 'Aspiradora|f', 'Plancha|f', 'Tostadora|f', 'Batidora|f', 'Ventilador|m', 'Hervidor|m'],
    ['de acero inoxidable', 'de 1200 W', 'con temporizador', 'de bajo consumo', 'de gran capacidad', 'con pantalla digital', 'de vidrio templado', 'con conexión wifi'],
    ['color blanco', 'color negro', 'color plata', 'clase A+', 'garantía de 2 años', '']],
  [3, [8, 3000], ['Portátil|m', 'Monitor|m', 'Teclado|m', 'Ratón|m', 'Impresora|f', 'Tableta|f', 'Cámara web|f', 'Disco duro|m', 'Memoria USB|f', 'Router|m', 'Altavoz|m', 'Funda|f'],
    ['de 15 pulgadas', 'con Bluetooth', 'de 1 TB', 'de 27 pulgadas', 'con retroiluminación RGB', 'con puerto USB-C', 'de doble banda', 'con conexión inalámbrica'],
    ['color gris', 'color negro', 'modelo 2024', 'modelo 2025', 'edición gamer', '']],
  [4, [3, 180], ['Crema|f', 'Sérum|m', 'Champú|m', 'Acondicionador|m', 'Mascarilla|f', 'Perfume|m', 'Labial|m', 'Protector solar|m', 'Gel de ducha|m', 'Exfoliante|m', 'Colonia|f', 'Esmalte|m'],
    ['de aloe vera', 'con ácido hialurónico', 'con vitamina C', 'de aceite de argán', 'con manteca de karité', 'para piel sensible', 'sin parabenos', 'de rosa mosqueta'],
    ['50 ml', '100 ml', '200 ml', '250 ml', 'tamaño viaje', '']],
  [5, [1, 80], ['Café|m', 'Queso|m', 'Aceite de oliva|m', 'Miel|f', 'Mermelada|f', 'Chocolate|m', 'Pasta|f', 'Arroz|m', 'Té verde|m', 'Salsa|f', 'Granola|f', 'Turrón|m'],
    ['de origen andino', 'con almendras', 'de cultivo ecológico', 'sin gluten', 'de la sierra', 'con frutos rojos', 'de producción local', 'sin azúcar añadido'],
    ['250 g', '500 g', '1 kg', 'pack de 3', 'en frasco de vidrio', '']],
  [6, [5, 350], ['Muñeca|f', 'Peluche|m', 'Rompecabezas|m', 'Coche teledirigido|m', 'Juego de mesa|m', 'Pelota|f', 'Cocinita|f', 'Tren|m', 'Robot|m', 'Patinete|m', 'Cometa|f', 'Pizarra|f'],
    ['de madera', 'de 500 piezas', 'con luces y sonidos', 'para bebés', 'para toda la familia', 'de construcción', 'con control remoto', 'a pilas'],
    ['desde 3 años', 'desde 6 años', 'para 2 a 4 jugadores', 'edición especial', '']],
  [7, [25, 2500], ['Mesa|f', 'Silla|f', 'Sofá|m', 'Estantería|f', 'Escritorio|m', 'Cama|f', 'Armario|m', 'Cómoda|f', 'Mesita de noche|f', 'Sillón|m', 'Taburete|m', 'Aparador|m'],
    ['de roble macizo', 'de pino', 'de madera reciclada', 'con cajones', 'de estilo nórdico', 'con tapizado de lino', 'de metal negro', 'de ratán'],
    ['color nogal', 'color blanco', 'acabado natural', 'de montaje fácil', '']],
  [8, [3, 700], ['Maceta|f', 'Manguera|f', 'Tijera de podar|f', 'Abono|m', 'Rastrillo|m', 'Pala|f', 'Regadera|f', 'Cortacésped|m', 'Jardinera|f', 'Sustrato|m', 'Invernadero|m', 'Aspersor|m'],
    ['de cerámica', 'de terracota', 'de 25 metros', 'con mango ergonómico', 'para huerto urbano', 'de acero templado', 'para plantas de interior', 'de riego por goteo'],
    ['10 litros', '20 litros', 'set de 3', 'para exterior', '']],
  [9, [5, 1800], ['Balón|m', 'Raqueta|f', 'Bicicleta|f', 'Esterilla|f', 'Mancuerna|f', 'Casco|m', 'Mochila|f', 'Zapatilla|f', 'Cinta de correr|f', 'Bolsa deportiva|f', 'Botella|f', 'Saco de boxeo|m'],
    ['de fútbol', 'de tenis', 'de montaña', 'de yoga', 'de running', 'de ciclismo', 'de entrenamiento', 'de natación'],
    ['talla única', 'color negro', 'color azul', 'color rojo', 'nivel avanzado', '']],
  [10, [10, 5000], ['Anillo|m', 'Collar|m', 'Pulsera|f', 'Reloj|m', 'Colgante|m', 'Broche|m', 'Cadena|f', 'Tobillera|f', 'Gargantilla|f', 'Alianza|f', 'Medalla|f', 'Gemelo|m'],
    ['de plata 925', 'de oro de 18 quilates', 'de acero quirúrgico', 'con circonitas', 'con perlas cultivadas', 'de oro rosa', 'con zafiro', 'de plata de ley'],
    ['con estuche de regalo', 'talla 12', 'talla 16', 'de 45 cm', '']],
  [11, [5, 900], ['Taladro|m', 'Destornillador|m', 'Martillo|m', 'Llave inglesa|f', 'Sierra|f', 'Lijadora|f', 'Amoladora|f', 'Caja de herramientas|f', 'Nivel láser|m', 'Alicate|m', 'Cinta métrica|f', 'Atornillador|m'],
    ['sin cable', 'de 18 V', 'con batería de litio', 'de acero al carbono', 'de uso profesional', 'con maletín', 'de precisión', 'con función de percusión'],
    ['con 2 baterías', 'de 500 W', 'de 800 W', 'kit completo', '']],
];

/**
 * Tops the shop's demo catalog up to PRODUCTS in one statement: skewed categories, log-uniform prices,
 * a fifth discounted, some sold out or inactive, ratings on nearly half, dates over three years.
 * setseed makes every run draw the same catalog.
 */
async function seedCatalog(client) {
  await client.query('SELECT setseed(0.42)');
  await client.query(
    `WITH words AS (
       SELECT (w->>0)::int AS cat, (w->1->>0)::float8 AS lo, (w->1->>1)::float8 AS hi,
              ARRAY(SELECT jsonb_array_elements_text(w->2)) AS nouns,
              ARRAY(SELECT jsonb_array_elements_text(w->3)) AS details,
              ARRAY(SELECT jsonb_array_elements_text(w->4)) AS variants
       FROM jsonb_array_elements($1::jsonb) AS w),
     images AS (SELECT id_categoria_producto AS cat, array_agg(imagen) AS urls FROM producto GROUP BY 1),
     slots AS MATERIALIZED (
       SELECT n, 1 + floor(11 * power(random(), 1.3))::int AS cat
       FROM generate_series(1, $5::int - (SELECT count(*) FROM producto)::int) AS n),
     drawn AS MATERIALIZED (
       SELECT s.cat, i.urls,
              w.nouns[1 + floor(random() * cardinality(w.nouns))::int] AS noun,
              1 + floor(random() * cardinality($2::text[]))::int AS adjective,
              w.details[1 + floor(random() * cardinality(w.details))::int] AS detail,
              w.variants[1 + floor(random() * cardinality(w.variants))::int] AS variant,
              round(exp(ln(w.lo) + random() * (ln(w.hi) - ln(w.lo))))::numeric
                - (ARRAY[0, 0.01, 0.10])[1 + floor(random() * 3)::int] AS valor,
              (ARRAY[0.10, 0.15, 0.20, 0.25, 0.30, 0.40, 0.50])[1 + floor(random() * 7)::int] AS off,
              random() < 0.2 AS discounted, random() AS sold_out, random() AS rated
       FROM slots s JOIN words w USING (cat) JOIN images i USING (cat)),
     named AS (
       SELECT d.*, concat_ws(' ', split_part(noun, '|', 1),
                 (CASE split_part(noun, '|', 2) WHEN 'f' THEN $3::text[] ELSE $2::text[] END)[adjective],
                 detail, nullif(variant, '')) AS nombre,
              CASE WHEN rated < 0.45 THEN 1 + floor(random() * 80)::int ELSE 0 END AS ratings,
              floor(random() * cardinality($4::text[]))::int AS sentence
       FROM drawn d)
     INSERT INTO producto (nombre, descripcion_producto, valor, valor_descuento, stock, imagen, estado,
       id_categoria_producto, created_at, calificacion_suma, calificacion_cantidad)
     SELECT nombre,
            concat_ws(' ', nombre || '.', ($4::text[])[1 + sentence], ($4::text[])[1 + (sentence + 1) % cardinality($4::text[])]),
            valor,
            CASE WHEN discounted THEN round(valor * (1 - off), 2) END,
            CASE WHEN sold_out < 0.06 THEN 0 ELSE 1 + floor(random() * 300)::int END,
            urls[1 + floor(random() * cardinality(urls))::int],
            random() >= 0.03,
            cat,
            now() - random() * interval '3 years',
            round(ratings * (2.5 + random() * 2.5))::int,
            ratings
     FROM named`,
    [JSON.stringify(WORDS), ADJECTIVES.map(([m]) => m), ADJECTIVES.map(([, f]) => f), SENTENCES, PRODUCTS],
  );
  // The state a live shop is in once autovacuum has passed: statistics and the visibility map.
  await client.query('VACUUM (ANALYZE) producto');
  await seedVariants(client);
  await client.query('VACUUM (ANALYZE) producto, variante');
}

async function catalogSummary(client) {
  const { rows } = await client.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE estado AND stock > 0)::int AS visible,
            count(*) FILTER (WHERE valor_descuento IS NOT NULL)::int AS discounted,
            (SELECT count(*)::int FROM variante) AS variants
     FROM producto`,
  );
  return rows[0];
}

/**
 * With BENCH_SCALE_KEEP=1 the seeded catalog is kept as a database of its own, and a later run copies it
 * instead of seeding again for a quarter of an hour. The shop starting on the copy applies any newer
 * migration, as an upgraded shop would; a change to the bench's own seed bumps SEED_VERSION. A copy keeps
 * the statistics and visibility map the seed left.
 */
const KEEP = process.env.BENCH_SCALE_KEEP === '1';
const SEED_VERSION = 1;
const KEPT_PREFIX = `${DATABASE}_kept_`;
const keptName = () => `${KEPT_PREFIX}v${SEED_VERSION}`;

/** The kept seed's name and whether it exists; kept seeds of other versions are dropped. */
async function keptSeed() {
  const name = keptName();
  const { rows } = await onServer((admin) =>
    admin.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [KEPT_PREFIX]),
  );
  for (const { datname } of rows) if (datname !== name) await dropDatabase(datname);
  return { name, exists: rows.some((row) => row.datname === name) };
}

/** The shop migrates and seeds its demo catalog, then the bench-only products come; seconds taken. */
async function seed(databaseUrl) {
  const shop = await startShop({ databaseUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const started = performance.now();
    await seedCatalog(client);
    return round1((performance.now() - started) / 1000);
  } finally {
    await client.end().catch(() => {});
    await shop.stop();
  }
}

/** Half the bench's products are sold in three sizes and three colours: 5 variants a product on average. */
const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Negro', 'Azul', 'Rojo'];

/**
 * Gives every other bench product the options Talla and Color and nine variants (a few sold out, some
 * dearer), as an owner's edit would leave them. Options and variants go in with triggers off, which at
 * 450,000 rows would each rewrite their product; then one write of each product's first variant runs the
 * variant trigger once per product, so the product mirrors its variants exactly as the shop keeps them
 * (docs/decisions/074) and the search's vocabulary learns the values.
 */
async function seedVariants(client) {
  const products = `SELECT id_producto FROM producto WHERE id_producto > 1000 AND id_producto % 2 = 0`;
  await client.query('BEGIN');
  await client.query(`SET LOCAL session_replication_role = replica`);
  await client.query(
    `UPDATE producto SET opciones = jsonb_build_array(
       jsonb_build_object('nombre', 'Talla', 'valores', $1::jsonb),
       jsonb_build_object('nombre', 'Color', 'valores', $2::jsonb))
     WHERE id_producto IN (${products})`,
    [JSON.stringify(SIZES), JSON.stringify(COLOURS)],
  );
  await client.query(`DELETE FROM variante WHERE id_producto IN (${products})`);
  await client.query(
    `INSERT INTO variante (id_producto, sku, valores, valor, valor_descuento, stock, estado)
     SELECT p.id_producto, 'B' || p.id_producto || '-' || t || '-' || c, jsonb_build_array(t, c),
            p.valor + CASE WHEN t = 'L' THEN 2 ELSE 0 END, p.valor_descuento,
            CASE WHEN p.stock = 0 OR random() < 0.15 THEN 0 ELSE 1 + floor(random() * 40)::int END, true
       FROM producto p, unnest($1::text[]) AS t, unnest($2::text[]) AS c
      WHERE p.id_producto IN (${products})`,
    [SIZES, COLOURS],
  );
  await client.query('COMMIT');
  await client.query(
    `UPDATE variante SET stock = stock WHERE id_variante IN (
       SELECT min(id_variante) FROM variante WHERE id_producto IN (${products}) GROUP BY id_producto)`,
  );
}

// biome-ignore format: one group of terms per line.
const SEARCH_TERMS = [
  // real words, plurals and several words
  'camiseta', 'licuadora', 'refrigerador', 'portátil', 'teclado', 'champú', 'café', 'chocolate',
  'peluche', 'rompecabezas', 'estantería', 'maceta', 'bicicleta', 'pulsera', 'taladro', 'martillo',
  'camisetas', 'sillas', 'zapatillas', 'mesa de roble', 'crema aloe vera', 'taladro 18 V',
  'collar de plata', 'café sin gluten',
  // without accents
  'portatil', 'champu', 'cafe', 'estanteria', 'algodon', 'ceramica', 'jardineria', 'sofa',
  // half-typed
  'licua', 'refrig', 'bici', 'estant', 'mangue', 'aspira',
  // typos
  'licuadra', 'camista', 'refrijerador', 'bisicleta', 'martiyo', 'pulcera', 'monitr', 'teclao',
  // very common words, and nothing at all
  'premium', 'clásica', 'negro', 'xilófono cuántico',
];
// Search as shoppers type it (docs/decisions/016): one or two typos by the engines' rules, spelling
// confusions, the words of other Spanish-speaking countries, several words at once.
// biome-ignore format: one group of terms per line.
const TYPO_TERMS = [
  'camseta', 'licudora', 'liquadora', 'lavdora', 'tostdora', 'bisicletas', 'pulceras', 'taldro', 'mancuenras',
  'cierra circular', 'refrijeradores', 'cafetra', 'asdpiradora', 'ventilaor', 'teclaod', 'impresroa', 'monitro',
  'perfme', 'mermelda', 'chocolte', 'rompecabesas', 'estanteira', 'escritoro', 'manguea', 'regaderra',
  'raquetta', 'mochla', 'pulsrea', 'colgnate', 'martiyos', 'destornilador', 'lijaodra', 'amoldora',
];
// biome-ignore format: one group of terms per line.
const SYNONYM_TERMS = [
  'refri', 'nevera', 'heladera', 'frigorífico', 'laptop', 'notebook', 'computadora portátil', 'audífonos',
  'playera', 'remera', 'polera', 'chamarra', 'campera', 'casaca', 'tenis', 'deportivas', 'desarmador',
  'pintalabios', 'vaqueros', 'air fryer', 'pantalón de mezclilla', 'parlante', 'bocina', 'mouse', 'pendrive',
  'buró', 'librero', 'clóset', 'matera', 'pasto', 'pesas', 'cicla', 'aretes', 'flexómetro', 'esmeril',
];
// biome-ignore format: one group of terms per line.
const SEVERAL_WORDS = [
  'mesa roble', 'silla pino', 'camiseta algodón negro', 'taladro sin cable', 'crema aloe', 'collar plata',
  'balón fútbol', 'maceta terracota', 'portátil 15 pulgadas', 'cafetera acero', 'pulsera oro rosa',
  'sofá lino', 'teclado inalámbrico', 'mochila montaña', 'queso sin gluten', 'peluche para bebés',
];
/** What the suggestions box sends as a shopper types: every prefix of 2 to 7 letters of the catalog's nouns. */
const TYPED_PREFIXES = [
  ...new Set(
    WORDS.flatMap(([, , nouns]) => nouns.map((n) => n.split('|')[0].toLowerCase())).flatMap((noun) =>
      [2, 3, 4, 5, 6, 7].filter((n) => n < noun.length).map((n) => noun.slice(0, n)),
    ),
  ),
];
const ORDERS = ['nombre_asc', 'nombre_desc', 'precio_asc', 'precio_desc', 'recientes'];

/** The k-th (page, pageSize) pair of the first pages: pages 1–8 at every size from 8 to 48. */
const firstPages = (k) => `page=${1 + Math.floor(k / 41)}&pageSize=${8 + (k % 41)}`;
const pick = (list, k) => list[k % list.length];

/** name → the URL of its k-th request; every k gives a URL the run has not asked before. */
const SCENARIOS = [
  ['listing, first pages', (k) => `/api/products?${firstPages(k)}`],
  // Offsets 2,000 to 24,000: a shopper far down the pager, or a crawler.
  ['listing, deep pages', (k) => `/api/products?page=${250 + 9 * k}&pageSize=8`],
  ...ORDERS.map((orden) => [`listing by ${orden}`, (k) => `/api/products?orden=${orden}&${firstPages(k)}`]),
  ['deep pages, every order', (k) => `/api/products?orden=${pick(ORDERS, k)}&page=${250 + 9 * k}&pageSize=8`],
  [
    'category, every order',
    (k) =>
      `/api/products/categoria/${1 + (k % 11)}?orden=${pick(ORDERS, Math.floor(k / 11))}&${firstPages(Math.floor(k / 55))}`,
  ],
  [
    'category + price range',
    (k) => {
      const min = 5 + 7 * (k % 40);
      return `/api/products/categoria/${1 + (k % 11)}?minPrecio=${min}&maxPrecio=${min * (2 + (k % 3))}&orden=${pick(['precio_asc', 'precio_desc', 'nombre_asc', 'recientes'], k)}&pageSize=${8 + (k % 41)}`;
    },
  ],
  [
    'price range, all categories',
    (k) => `/api/products?minPrecio=${10 + k}&maxPrecio=${60 + 3 * k}&orden=${pick(ORDERS, k)}`,
  ],
  [
    'descuento',
    (k) =>
      `/api/products/filter/descuento/${pick(['true', 'false'], k)}?orden=${pick(ORDERS, Math.floor(k / 2))}&${firstPages(Math.floor(k / 10))}`,
  ],
  [
    'search (by relevance)',
    (k) =>
      `/api/products?name=${encodeURIComponent(pick(SEARCH_TERMS, k))}&${firstPages(Math.floor(k / SEARCH_TERMS.length))}`,
  ],
  [
    'search in a category, by price',
    (k) =>
      `/api/products/categoria/${1 + (k % 11)}?name=${encodeURIComponent(pick(SEARCH_TERMS, k))}&orden=${pick(['precio_asc', 'precio_desc'], k)}&pageSize=${8 + Math.floor(k / 22)}`,
  ],
  [
    'search with typos',
    (k) =>
      `/api/products?name=${encodeURIComponent(pick(TYPO_TERMS, k))}&${firstPages(Math.floor(k / TYPO_TERMS.length))}`,
  ],
  [
    'search with regional words (synonyms)',
    (k) =>
      `/api/products?name=${encodeURIComponent(pick(SYNONYM_TERMS, k))}&${firstPages(Math.floor(k / SYNONYM_TERMS.length))}`,
  ],
  [
    'search, several words',
    (k) =>
      `/api/products?name=${encodeURIComponent(pick(SEVERAL_WORDS, k))}&${firstPages(Math.floor(k / SEVERAL_WORDS.length))}`,
  ],
  [
    'facets of a search',
    (k) =>
      `/api/products/facetas?name=${encodeURIComponent(pick([...SYNONYM_TERMS, ...SEVERAL_WORDS], k))}${k >= SYNONYM_TERMS.length + SEVERAL_WORDS.length ? `&minPrecio=${Math.floor(k / (SYNONYM_TERMS.length + SEVERAL_WORDS.length))}` : ''}`,
  ],
  [
    'suggestions as you type',
    (k) =>
      `/api/products/sugerencias?q=${encodeURIComponent(TYPED_PREFIXES[k % TYPED_PREFIXES.length])}${k >= TYPED_PREFIXES.length ? `&v=${Math.floor(k / TYPED_PREFIXES.length)}` : ''}`,
  ],
  // `visible`: ids of products the storefront shows, in a shuffled order (each asked once).
  ['product by id', (k, visible) => `/api/products/${visible[k % visible.length]}`],
  // Pages the server renders (docs/decisions/020), each URL asked once: the render and its API calls.
  [
    'rendered product page',
    (k, visible) => `/products/${visible[(visible.length - 1 - k) % visible.length]}`,
  ],
  [
    'rendered category page',
    (k) =>
      `/products/categoria/${1 + (k % 11)}?orden=${pick(ORDERS, Math.floor(k / 11))}&page=${2 + Math.floor(k / 55)}`,
  ],
];

/**
 * The issues' bars: search and suggestions (docs/decisions/016), a product by id and a rendered page
 * (issue 15, never from the cache); the other scenarios keep BUDGET_MS.
 */
const SEARCH_BUDGET_MS = 20;
const PRODUCT_BUDGET_MS = 5;
const RENDER_BUDGET_MS = 25;
const budgetOf = (name) => {
  if (name.startsWith('search') || name.startsWith('suggestions')) return SEARCH_BUDGET_MS;
  if (name === 'product by id') return PRODUCT_BUDGET_MS;
  if (name.startsWith('rendered')) return RENDER_BUDGET_MS;
  return BUDGET_MS;
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round1 = (ms) => Math.round(ms * 10) / 10;

/** Runs one scenario sequentially for `seconds` (at least MIN_REQUESTS, at most MAX_REQUESTS). */
async function measure(shopUrl, name, urlOf, seconds, asked) {
  const ask = async (path) => {
    if (asked.has(path)) throw new Error(`${name} asks ${path} twice: the cache would answer it`);
    asked.add(path);
    const started = performance.now();
    const res = await fetch(shopUrl + path);
    await res.arrayBuffer();
    return { path, ms: performance.now() - started, ok: res.status === 200 };
  };
  let k = 0;
  for (; k < WARM_UP_REQUESTS; k++) await ask(urlOf(k));
  const samples = [];
  const until = performance.now() + seconds * 1000;
  while (samples.length < MAX_REQUESTS && (samples.length < MIN_REQUESTS || performance.now() < until)) {
    samples.push(await ask(urlOf(k++)));
  }
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return {
    name,
    requests: samples.length,
    p50: round1(percentile(sorted, 50)),
    p95: round1(p95),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1)),
    errors: samples.filter((s) => !s.ok).length,
    // The request the plans are taken from: the one at the 95th percentile.
    p95Path: samples.find((s) => s.ms === p95).path,
  };
}

/**
 * A TCP relay to PostgreSQL that reads the frontend protocol and keeps every statement with its
 * parameters: simple queries ('Q') and extended ones (Parse 'P' then Bind 'B', as node-postgres sends them).
 */
async function statementRecorder(databaseUrl) {
  const target = new URL(databaseUrl);
  const statements = [];
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).on('error', () => client.destroy());
    upstream.pipe(client).on('error', () => upstream.destroy());
    let buffer = Buffer.alloc(0);
    let startup = true;
    let parsed = '';
    client.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const header = startup ? 0 : 1;
        if (buffer.length < header + 4) return;
        const end = header + buffer.readInt32BE(header);
        if (buffer.length < end) return;
        if (!startup) {
          const type = String.fromCharCode(buffer[0]);
          const body = buffer.subarray(5, end);
          if (type === 'Q') statements.push({ sql: cString(body, 0).text, params: [] });
          if (type === 'P') parsed = cString(body, cString(body, 0).next).text;
          if (type === 'B') statements.push({ sql: parsed, params: bindParams(body) });
        }
        startup = false;
        buffer = buffer.subarray(end);
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const via = new URL(databaseUrl);
  via.hostname = '127.0.0.1';
  via.port = String(server.address().port);
  return { url: via.toString(), statements, close: () => new Promise((r) => server.close(r)) };
}

function cString(body, offset) {
  const end = body.indexOf(0, offset);
  return { text: body.toString('utf8', offset, end), next: end + 1 };
}

/** The text parameters of a Bind message (null stays null). */
function bindParams(body) {
  let at = cString(body, cString(body, 0).next).next;
  at += 2 + 2 * body.readInt16BE(at);
  const count = body.readInt16BE(at);
  at += 2;
  const params = [];
  for (let i = 0; i < count; i++) {
    const length = body.readInt32BE(at);
    at += 4;
    params.push(length < 0 ? null : body.toString('utf8', at, at + length));
    at += Math.max(length, 0);
  }
  return params;
}

/** Asks each path of a fresh shop process through the recorder and explains the product queries it sent. */
async function queryPlans(databaseUrl, client, targets) {
  const recorder = await statementRecorder(databaseUrl);
  const shop = await startShop({ databaseUrl: recorder.url });
  try {
    const plans = [];
    for (const { name, p95Path } of targets) {
      const from = recorder.statements.length;
      await (await fetch(shop.url + p95Path)).arrayBuffer();
      const statements = [];
      for (const { sql, params } of recorder.statements.slice(from)) {
        if (!/from "(producto|vocabulario|sinonimo)"/i.test(sql)) continue;
        const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        const plan = rows.map((r) => r['QUERY PLAN']);
        const ms = Number(plan.at(-1).match(/Execution Time: ([\d.]+)/)?.[1]);
        statements.push({ sql, params, ms, plan });
      }
      plans.push({ scenario: name, path: p95Path, statements });
    }
    return plans;
  } finally {
    await shop.stop();
    await recorder.close();
  }
}

/** The costliest statement of a request: its plan's nodes, conditions and timings, without cost estimates. */
function excerpt({ scenario, path, statements }) {
  const slowest = statements.reduce((a, b) => (b.ms > a.ms ? b : a));
  const lines = slowest.plan
    .filter((line) => /->|^\S|Cond|Filter|Rows Removed|Execution Time/.test(line) && !/^Planning/.test(line))
    .map((line) => line.replace(/\(cost=[^)]*\) /, ''));
  const times = statements.map((s) => `${s.ms} ms`).join(' + ');
  return `*${scenario}* — \`${path}\`, its statements: ${times}\n\n\`\`\`\n${lines.join('\n')}\n\`\`\``;
}

export async function run({ seconds }) {
  const kept = KEEP ? await keptSeed() : undefined;
  const databaseUrl = await freshDatabase(DATABASE, kept?.exists ? { template: kept.name } : {});
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    // Seeded or copied, the catalog is measured by a shop process that starts on it.
    const seedSeconds = kept?.exists ? null : await seed(databaseUrl);
    if (kept && !kept.exists) await freshDatabase(kept.name, { template: DATABASE });
    const shop = await startShop({ databaseUrl });
    let scenarios;
    let catalog;
    try {
      await client.connect();
      catalog = await catalogSummary(client);
      console.error(
        `  ${catalog.total} products (${catalog.visible} visible) ${seedSeconds === null ? 'copied from the kept seed' : `seeded in ${seedSeconds} s`}`,
      );
      const asked = new Set();
      const { rows } = await client.query(
        'SELECT id_producto FROM producto WHERE estado AND stock > 0 ORDER BY md5(id_producto::text) LIMIT 20000',
      );
      const visible = rows.map((row) => row.id_producto);
      scenarios = [];
      for (const [name, urlOf] of SCENARIOS) {
        scenarios.push(await measure(shop.url, name, (k) => urlOf(k, visible), seconds, asked));
        const s = scenarios.at(-1);
        console.error(`  ${name}: p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms`);
      }
    } finally {
      await shop.stop();
    }
    const slowest = [...scenarios].sort((a, b) => b.p95 - a.p95);
    const explained = slowest.filter((s, i) => i < 3 || s.p95 >= PLAN_THRESHOLD_MS);
    const plans = await queryPlans(databaseUrl, client, explained);

    const markdown = [
      `${catalog.total.toLocaleString('en')} products (${catalog.visible.toLocaleString('en')} visible, ` +
        `${catalog.discounted.toLocaleString('en')} discounted) with ${catalog.variants.toLocaleString('en')} variants ` +
        `(half of them in 3 sizes × 3 colours), ${seedSeconds === null ? 'copied from a kept seed (BENCH_SCALE_KEEP)' : `seeded in ${seedSeconds} s`}. Sequential requests, ` +
        `each on a URL not asked before (no cache hit), after ${WARM_UP_REQUESTS} warm-up requests.`,
      table(
        ['scenario', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors'],
        scenarios.map((s) => [s.name, s.requests, s.p50, s.p95, s.p99, s.max, s.errors]),
      ),
      'The slowest scenarios: the request at their p95, asked again of a fresh shop process, and the plan ' +
        'of its costliest statement (every statement and full plan in the JSON):',
      // A request whose statements the recorder could not read (TLS to the server) has no plan to show.
      ...plans.filter((p) => p.statements.length > 0).map(excerpt),
    ].join('\n\n');
    const budgets = scenarios.map((s) => {
      const limit = budgetOf(s.name);
      return budget(`p95 < ${limit} ms at 100k: ${s.name}`, `${s.p95} ms`, s.p95 < limit && s.errors === 0);
    });
    return { data: { catalog, seedSeconds, scenarios, plans }, markdown, budgets };
  } finally {
    await client.end().catch(() => {});
    await dropDatabase(DATABASE);
  }
}
