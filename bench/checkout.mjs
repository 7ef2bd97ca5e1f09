// Checkout: signed-in customers pay their carts with the sandbox provider through the same API calls as the
// web app (card → payment method, then POST /api/venta), as fast as the shop answers; then all of them
// race for a product with a few units left. Afterwards the admin API's sales and stock must balance:
// paid units never exceed the stock, and every unit that left the stock belongs to a sale.
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { browser, must, signIn } from './lib/browser-session.mjs';
import { cpuMs, machineCpuMs, postgresCpuMs, untilIdle } from './lib/cpu.mjs';
import { budget, table } from './lib/markdown.mjs';
import { dropDatabase, freshDatabase } from './lib/postgres.mjs';
import { startShop } from './lib/shop.mjs';

export const CUSTOMERS = 50;
const WARM_UP_SECONDS = 3;
/** Products the carts are made of; their stock is set high enough never to run out. */
const CART_PRODUCTS = 10;
const PLENTY = 100_000; // the most the product form accepts
/** Issue 35's budget: card checkout back to where it stood before the order life cycle (283/s). */
const PAID_ORDERS_PER_SECOND = 250;
/** The product everybody races for, with quantities 1–3 each: about 100 units asked for 20. */
export const SCARCE_STOCK = 20;
/** Each paid order mails its buyer and the shop's contact address (docs/decisions/083-order-notices.md). */
const MAILS_PER_ORDER = 2;
const ADMIN = { email: 'admin@vitrina.local', password: 'Bench12345' };
/** What a shop under this bench must be started with: its administrator. */
export const SHOP_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
// The sandbox's approving test card; a new payment method per attempt, as the web app makes one.
const CARD = { numero: '4242424242424242', expiracion: '12/39', cvc: '123', nombre: 'Cliente Bench' };
/** Where every bench order ships (the shared address rules: name, street and number, phone). */
const ADDRESS = { nombre: 'Cliente Bench', direccion: 'Calle de Alcalá 45, Madrid', telefono: '5512345678' };

/**
 * Where the shop's mail goes: a local SMTP server (SMTP_URL) that accepts and counts every message, or the
 * embedded default, one .eml file per message in DATA_DIR/mail/. `delivered()` counts what arrived.
 */
export async function mailbox(kind) {
  if (kind === 'folder') {
    let dir;
    return {
      env: {},
      attach: (shop) => {
        dir = join(shop.dataDir, 'mail');
      },
      delivered: async () => (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.eml')).length,
      close: async () => {},
    };
  }
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${server.server.address().port}` },
    attach: () => {},
    delivered: async () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * A registered, signed-in customer with a cart of `lines` (cantidad per product) worth `totalCents`.
 * `round` tells apart the customers of several rounds against one database.
 */
export async function newCustomer(base, round, i, lines, prices) {
  const email = `bench${round}-${i}@vitrina.test`;
  const password = 'Bench12345';
  const registered = await must(
    201,
    (await browser(base))('POST', '/api/usuario', {
      primer_nombre: 'Cliente',
      primer_apellido: 'Bench',
      direccion: 'Av. Insurgentes Sur 1234, CDMX',
      telefono: '5511223344',
      email,
      password,
      passwordconfirm: password,
    }),
    `registration ${email}`,
  );
  const totalCents = lines.reduce((sum, l) => sum + l.cantidad * prices.get(l.id_producto), 0);
  const request = await signIn(base, email, password);
  return { id: registered.id_usuario, request, lines, totalCents, paidSales: 0 };
}

/** Step one of the web app's pay button: the card becomes a payment method (its id, or the failure). */
async function paymentMethod({ request }) {
  try {
    const res = await request('POST', '/api/pagos/sandbox/metodos', CARD);
    return res.status === 201 ? { id_pago: res.body.id_pago } : { failure: `card ${res.status}` };
  } catch {
    return { failure: 'card network error' };
  }
}

/** Step two: POST /api/venta with a new Idempotency-Key and the total the shopper saw. */
async function placeOrder(customer, id_pago, lines = customer.lines, totalCents = customer.totalCents) {
  try {
    const sale = await customer.request(
      'POST',
      '/api/venta',
      { detalle_venta: lines, id_pago, valor_total_venta: totalCents, direccion_envio: ADDRESS },
      { 'idempotency-key': randomUUID() },
    );
    if (sale.status !== 201 || sale.body.estado !== 'pagada') return { failure: `venta ${sale.status}` };
    customer.paidSales++;
    return {};
  } catch {
    return { failure: 'venta network error' };
  }
}

/** Both steps, timed together: what the shopper waits for after pressing "Pagar". */
export async function checkout(customer) {
  const started = performance.now();
  const method = await paymentMethod(customer);
  const { failure } = method.failure ? method : await placeOrder(customer, method.id_pago);
  return { failure, ms: performance.now() - started };
}

/** Failures by kind ('venta 409', 'card network error'…) and how many. */
const tally = (outcomes) => {
  const byKind = {};
  for (const { failure } of outcomes) if (failure) byKind[failure] = (byKind[failure] ?? 0) + 1;
  return byKind;
};

/** Every customer checks out again and again until `seconds` are up (a closed loop of 50 shoppers). */
async function loop(customers, seconds) {
  const deadline = performance.now() + seconds * 1000;
  const outcomes = [];
  const started = performance.now();
  await Promise.all(
    customers.map(async (c) => {
      while (performance.now() < deadline) outcomes.push(await checkout(c));
    }),
  );
  return {
    wallMs: performance.now() - started,
    latencies: outcomes.filter((o) => !o.failure).map((o) => o.ms),
    failures: tally(outcomes),
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/**
 * CPU time so far, in ms, of each party to a checkout on this machine: the shop's process (`shop()`),
 * PostgreSQL's processes, this load's own process and the whole machine (the kernel's network work
 * included), so a run says where each order's time goes, not only the shop's part.
 */
function cpuShares(shop) {
  const own = process.cpuUsage();
  return {
    shop: shop(),
    postgres: postgresCpuMs(),
    client: (own.user + own.system) / 1000,
    machine: machineCpuMs(),
  };
}

/** Each party's CPU ms per paid order between two readings of cpuShares, to a tenth of a ms. */
const perOrder = (after, before, orders) =>
  Object.fromEntries(
    Object.keys(after).map((party) => [
      party,
      Math.round(((after[party] - before[party]) / orders) * 10) / 10,
    ]),
  );

/** Units of each product in the given customers' sales, by the sale's state, from the admin's sales list. */
async function unitsSold(admin, customerIds) {
  const units = { pagada: new Map(), pendiente: new Map() };
  let paidSales = 0;
  for (let page = 1; ; page++) {
    const { items, total } = await must(
      200,
      admin('GET', `/api/venta?page=${page}&pageSize=50`),
      'sales list',
    );
    for (const sale of items) {
      // The seed's demo orders are not ours; failed sales gave their units back.
      if (!customerIds.has(sale.id_usuario) || !(sale.estado in units)) continue;
      if (sale.estado === 'pagada') paidSales++;
      const byProduct = units[sale.estado];
      for (const line of sale.detalle_venta)
        byProduct.set(line.id_producto, (byProduct.get(line.id_producto) ?? 0) + line.cantidad);
    }
    if (page * 50 >= total) return { paidSales, paid: units.pagada, pending: units.pendiente };
  }
}

/**
 * One shop on one database: setup, warm-up, the timed loop, the race for the scarce product, the books.
 * `mail`: where its e-mail goes ('folder', the default, or 'smtp'); every message must arrive.
 */
export async function checkoutLoad({ databaseUrl, seconds, mail = 'folder' }) {
  const mails = await mailbox(mail);
  const shop = await startShop({ databaseUrl, env: { ...SHOP_ENV, ...mails.env } }).catch(async (err) => {
    await mails.close();
    throw err;
  });
  mails.attach(shop);
  try {
    await untilIdle(shop.pid);
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      mail,
      ...(await checkoutAgainst(shop.url, { seconds, mails, cpu: () => cpuMs(shop.pid) })),
    };
  } finally {
    await shop.stop();
    await mails.close();
  }
}

/**
 * The load, the race and the books against a running shop at `base` (one process, or nginx in front of
 * several), started with SHOP_ENV, its mail going to `mails`. A shop may take several rounds, each with a
 * new `round` number: each registers its own customers, resets the stock and balances its own books.
 */
export async function checkoutAgainst(base, { seconds, mails, round = 0, cpu }) {
  const mailBefore = await mails.delivered();
  const delivered = async () => (await mails.delivered()) - mailBefore;
  const admin = await signIn(base, ADMIN.email, ADMIN.password);
  const { items } = await must(200, admin('GET', '/api/products?pageSize=20'), 'product list');
  if (items.length < CART_PRODUCTS + 1) throw new Error(`only ${items.length} products to buy`);
  const products = items.slice(0, CART_PRODUCTS + 1);
  const scarce = products.pop().id_producto;
  const initial = new Map([...products.map((p) => [p.id_producto, PLENTY]), [scarce, SCARCE_STOCK]]);
  for (const [id, stock] of initial)
    await must(200, admin('PUT', `/api/products/${id}/editProduct`, { stock }), `stock of ${id}`);
  const prices = new Map(items.map((p) => [p.id_producto, Math.round((p.valor_descuento ?? p.valor) * 100)]));

  // Two products per cart, one of them twice for half the customers; neighbours share products, so
  // checkouts also wait on each other's row locks as they do in a real shop.
  const customers = await Promise.all(
    Array.from({ length: CUSTOMERS }, (_, i) =>
      newCustomer(
        base,
        round,
        i,
        [
          { id_producto: products[i % CART_PRODUCTS].id_producto, cantidad: 1 + (i % 2) },
          { id_producto: products[(i + 3) % CART_PRODUCTS].id_producto, cantidad: 1 },
        ],
        prices,
      ),
    ),
  );

  await loop(customers, WARM_UP_SECONDS);
  const cpuBefore = cpu && cpuShares(cpu);
  const timed = await loop(customers, seconds);
  const sorted = timed.latencies.sort((a, b) => a - b);
  const cpuPerOrder = cpuBefore && perOrder(cpuShares(cpu), cpuBefore, sorted.length);
  // A welcome per registration and a paid order's two messages so far: how far delivery lags the load.
  const mailBacklog =
    CUSTOMERS + MAILS_PER_ORDER * customers.reduce((n, c) => n + c.paidSales, 0) - (await delivered());

  // Everybody at once for the scarce product: payment methods first, so the sales arrive together.
  const methods = await Promise.all(customers.map(paymentMethod));
  const race = await Promise.all(
    customers.map((c, i) => {
      const cantidad = 1 + (i % 3);
      if (methods[i].failure) return methods[i];
      return placeOrder(
        c,
        methods[i].id_pago,
        [{ id_producto: scarce, cantidad }],
        cantidad * prices.get(scarce),
      );
    }),
  );

  const ids = new Set(customers.map((c) => c.id));
  const sold = await unitsSold(admin, ids);
  const books = [];
  for (const [id, stockBefore] of initial) {
    const { stock } = await must(200, admin('GET', `/api/products/admin/${id}`), `product ${id}`);
    const paid = sold.paid.get(id) ?? 0;
    const pending = sold.pending.get(id) ?? 0;
    books.push({
      id_producto: id,
      scarce: id === scarce,
      stockBefore,
      stockAfter: stock,
      paidUnits: paid,
      pendingUnits: pending,
      oversold: Math.max(0, paid + pending - stockBefore),
      balanced: stock >= 0 && stock === stockBefore - paid - pending,
    });
  }
  const scarceBook = books.find((b) => b.scarce);
  const paidSalesSeen = customers.reduce((n, c) => n + c.paidSales, 0);
  // Every message must arrive, once: the welcomes and a paid order's two (its buyer's and the shop's).
  const mailExpected = CUSTOMERS + MAILS_PER_ORDER * paidSalesSeen;
  const drainStarted = performance.now();
  while ((await delivered()) < mailExpected && performance.now() - drainStarted < 60_000)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const mailDrainMs = Math.round(performance.now() - drainStarted);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const mailDelivered = await delivered();
  return {
    mailExpected,
    mailDelivered,
    mailBacklog,
    mailDrainMs,
    customers: CUSTOMERS,
    seconds,
    paidOrders: sorted.length,
    paidOrdersPerSecond: Math.round(sorted.length / (timed.wallMs / 1000)),
    // What an order costs the shop's process, which a busy machine changes far less than the rate.
    cpuMsPerOrder: cpuPerOrder?.shop,
    cpuPerOrder,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    failures: timed.failures,
    race: {
      stock: SCARCE_STOCK,
      unitsAsked: customers.reduce((n, _, i) => n + 1 + (i % 3), 0),
      paidOrders: race.filter((r) => !r.failure).length,
      failures: tally(race),
      unitsPaid: scarceBook.paidUnits,
      stockAfter: scarceBook.stockAfter,
    },
    // Every 201 a customer saw (warm-up, timed and race) is a paid sale in the books, and no other.
    paidSalesSeen,
    paidSalesOnServer: sold.paidSales,
    oversoldUnits: books.reduce((n, b) => n + b.oversold, 0),
    booksBalance: books.every((b) => b.balanced) && sold.paidSales === paidSalesSeen,
    books,
  };
}

/** A run's books: nothing oversold, stock and sales balance, and every message arrived once. */
export const sound = (r) => r.oversoldUnits === 0 && r.booksBalance && r.mailDelivered === r.mailExpected;

export const kinds = (failures) =>
  Object.entries(failures)
    .map(([kind, n]) => `${n} × ${kind}`)
    .join(', ') || 'none';

/**
 * Section of `npm run bench`: PostgreSQL (the budget's figure), and PGlite for comparison; each with its
 * mail written to DATA_DIR/mail/ (the default) and sent to a local SMTP server, one shop process each.
 */
export async function run({ seconds }) {
  const runs = [];
  for (const mail of ['folder', 'smtp']) {
    const url = await freshDatabase('vitrina_bench_checkout');
    try {
      runs.push(await checkoutLoad({ databaseUrl: url, seconds, mail }));
    } finally {
      await dropDatabase('vitrina_bench_checkout');
    }
  }
  for (const mail of ['folder', 'smtp']) runs.push(await checkoutLoad({ seconds, mail }));
  const name = (r) =>
    `${r.database === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}, ${r.mail === 'smtp' ? 'SMTP' : 'mail folder'}`;
  const markdown =
    `${CUSTOMERS} signed-in customers, each paying a two-product cart again and again for ${seconds} s after a ${WARM_UP_SECONDS} s warm-up: ` +
    'a new sandbox payment method (test card 4242…) and POST /api/venta per order, as the web app does. ' +
    "Sandbox charge latency: the default 0 ms, so this is the shop's own cost, not a payment network's. " +
    '"Shop CPU ms per order" is the CPU time of the shop\'s process (its embedded database included, PostgreSQL ' +
    'not) during the timed load, mail delivered meanwhile included, divided by the orders paid: a busy machine ' +
    'moves it far less than the rate. "PostgreSQL", "load" and "machine" are the same for the database server\'s ' +
    'processes, the process of this bench that plays the customers, and every core of the machine (the ' +
    "kernel's work on the loopback connections included): at M machine ms per order, a machine of C cores " +
    'cannot pass C × 1000 / M orders/s, whatever the shop does. ' +
    `Then all ${CUSTOMERS} at once buy 1–3 units of a product with ${SCARCE_STOCK} left; ` +
    'the books are read back through the admin API (sales and stock). ' +
    'Mail: a welcome per customer and per paid order a confirmation to its buyer and a notice to the shop contact address, queued in the outbox by the same ' +
    "transactions and delivered by the shop's background loop, to DATA_DIR/mail/ or to an SMTP server on " +
    'the same machine; "mail backlog" is what was still undelivered when the timed load stopped, "drained ' +
    'in" how long after the race the last message arrived.\n\n' +
    table(
      [
        'database',
        'paid orders/s',
        'paid orders',
        'shop CPU ms per order',
        'PostgreSQL CPU ms per order',
        'load CPU ms per order',
        'machine CPU ms per order',
        'checkout p50 ms',
        'checkout p99 ms',
        'failures',
        `race for ${SCARCE_STOCK} units`,
        'oversold units',
        'books balance',
        'mail delivered',
        'mail backlog',
        'drained in ms',
      ],
      runs.map((r) => [
        name(r),
        r.paidOrdersPerSecond,
        r.paidOrders,
        r.cpuMsPerOrder,
        r.database === 'postgres' ? r.cpuPerOrder.postgres : '—',
        r.cpuPerOrder.client,
        r.cpuPerOrder.machine,
        r.p50,
        r.p99,
        kinds(r.failures),
        `${r.race.unitsPaid} paid in ${r.race.paidOrders} orders, ${r.race.stockAfter} left; ${kinds(r.race.failures)}`,
        r.oversoldUnits,
        r.booksBalance ? 'yes' : '**no**',
        `${r.mailDelivered} of ${r.mailExpected}`,
        r.mailBacklog,
        r.mailDrainMs,
      ]),
    );
  const postgres = runs[0];
  const postgresSmtp = runs[1];
  const noOversell = runs.every((r) => r.oversoldUnits === 0 && r.booksBalance);
  const budgets = [
    budget(
      `Checkout ≥ ${PAID_ORDERS_PER_SECOND} paid orders/s (sandbox, ${CUSTOMERS} customers, PostgreSQL)`,
      `${postgres.paidOrdersPerSecond}/s`,
      postgres.paidOrdersPerSecond >= PAID_ORDERS_PER_SECOND,
    ),
    budget(
      'Zero oversell',
      runs
        .map((r) => `${name(r)}: ${r.oversoldUnits} units${r.booksBalance ? '' : ', books do not balance'}`)
        .join('; '),
      noOversell,
    ),
    budget(
      'Every message delivered exactly once',
      runs.map((r) => `${name(r)}: ${r.mailDelivered} of ${r.mailExpected}`).join('; '),
      runs.every((r) => r.mailDelivered === r.mailExpected),
    ),
    // The outbox is one INSERT in the sale's transaction; sending happens after, in the background.
    budget(
      'Checkout p50 with SMTP ≤ 1.25 × with the mail folder (PostgreSQL)',
      `${postgresSmtp.p50} ms vs ${postgres.p50} ms`,
      postgresSmtp.p50 <= 1.25 * postgres.p50,
    ),
  ];
  return { data: runs, markdown, budgets };
}
