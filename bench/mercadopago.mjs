// Mercado Pago, offline (the shop's own sandbox: no MERCADOPAGO_ACCESS_TOKEN), on PostgreSQL:
// 1. ten duplicate signed notifications of one approved payment, at once, change the order once;
// 2. a thousand orders approved at Mercado Pago whose notifications were all lost (PUBLIC_URL points
//    nowhere, so the sandbox's posts never arrive) are paid by the reconciliation loop within one interval,
//    while 50 customers keep paying by card; their checkouts are timed before and during the reconciliation.
import { createHmac, randomUUID } from 'node:crypto';
import { CUSTOMERS, checkout, newCustomer, SHOP_ENV } from './checkout.mjs';
import { must, signIn } from './lib/browser-session.mjs';
import { budget, table } from './lib/markdown.mjs';
import { dropDatabase, freshDatabase } from './lib/postgres.mjs';
import { startShop } from './lib/shop.mjs';

/** Orders left waiting at once; BENCH_MP_PENDING makes a quick check smaller. */
const PENDING = Number(process.env.BENCH_MP_PENDING ?? 1000);
/** The shop's reconciliation interval (DEFAULT_RECONCILIATION in mercadopago-reconciliation.ts). */
const INTERVAL_MS = 60_000;
const DUPLICATES = 10;
// The sandbox signs as Mercado Pago does, with its public secret (decision 060).
const SANDBOX_SECRET = 'vitrina-mercadopago-sandbox';
const ADMIN = { email: SHOP_ENV.ADMIN_EMAIL, password: SHOP_ENV.ADMIN_PASSWORD };
const ADDRESS = { nombre: 'Cliente Bench', direccion: 'Calle de Alcalá 45, Madrid', telefono: '5512345678' };
const PLENTY = 100_000;

/** A notification about `paymentId`, signed as Mercado Pago signs it (x-signature over id, request, ts). */
function notify(base, paymentId) {
  const requestId = randomUUID();
  const ts = Math.floor(Date.now() / 1000);
  const id = /^[a-z0-9]+$/i.test(paymentId) ? paymentId.toLowerCase() : paymentId;
  const v1 = createHmac('sha256', SANDBOX_SECRET)
    .update(`id:${id};request-id:${requestId};ts:${ts};`)
    .digest('hex');
  return fetch(`${base}/api/pagos/mercadopago/webhook?data.id=${paymentId}&type=payment`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-id': requestId,
      'x-signature': `ts=${ts},v1=${v1}`,
    },
    body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: paymentId } }),
  });
}

/** Pays a preference at the sandbox as a shopper approving it; the payment's id from the return address. */
async function approve(base, redirectUrl) {
  const preference = new URL(redirectUrl, base).pathname.split('/').at(-1);
  const res = await fetch(`${base}/mercadopago-sandbox/${preference}/aprobar`, {
    method: 'POST',
    redirect: 'manual',
  });
  const back = new URL(res.headers.get('location') ?? '', base);
  return back.searchParams.get('payment_id');
}

/** Places an order to pay with Mercado Pago; its id and where to pay. */
async function placeMercadoPago(customer, idProducto) {
  return must(
    201,
    customer(
      'POST',
      '/api/venta',
      {
        detalle_venta: [{ id_producto: idProducto, cantidad: 1 }],
        metodo_pago: 'mercadopago',
        direccion_envio: ADDRESS,
      },
      { 'idempotency-key': randomUUID() },
    ),
    'Mercado Pago order',
  );
}

/** Card checkouts of every customer, again and again, until `done()`: how many per second, and p95. */
async function cardLoad(customers, done) {
  const started = performance.now();
  const latencies = [];
  let failures = 0;
  await Promise.all(
    customers.map(async (c) => {
      while (!done()) {
        const { failure, ms } = await checkout(c);
        if (failure) failures++;
        else latencies.push(ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(latencies.length / seconds),
    p95: Math.round(latencies[Math.floor(latencies.length * 0.95)] ?? 0),
    failures,
  };
}

export async function mercadoPagoLoad({ databaseUrl, seconds }) {
  // Notifications go to PUBLIC_URL: pointed at a closed port, every one of them is lost.
  const shop = await startShop({ databaseUrl, env: { ...SHOP_ENV, PUBLIC_URL: 'http://127.0.0.1:9' } });
  try {
    const base = shop.url;
    const admin = await signIn(base, ADMIN.email, ADMIN.password);
    const settings = await must(200, admin('GET', '/api/ajustes/pagos'), 'payment settings');
    const metodos = settings.metodos.map((m) => (m.id === 'mercadopago' ? { ...m, activo: true } : m));
    await must(200, admin('PUT', '/api/ajustes/pagos', { metodos }), 'enabling Mercado Pago');
    const { items } = await must(200, admin('GET', '/api/products?pageSize=20'), 'product list');
    for (const p of items)
      await must(200, admin('PUT', `/api/products/${p.id_producto}/editProduct`, { stock: PLENTY }), 'stock');
    const prices = new Map(
      items.map((p) => [p.id_producto, Math.round((p.valor_descuento ?? p.valor) * 100)]),
    );
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, (_, i) =>
        newCustomer(base, 'mp', i, [{ id_producto: items[i % 10].id_producto, cantidad: 1 }], prices),
      ),
    );
    const waitingProduct = items[10].id_producto;

    // Card checkouts alone, to compare with those made while the reconciliation runs.
    const until = performance.now() + seconds * 1000;
    const before = await cardLoad(customers.slice(1), () => performance.now() > until);

    // 1. Duplicates: one approved payment, then ten notifications of it at once.
    const buyer = customers[0].request;
    const first = await placeMercadoPago(buyer, waitingProduct);
    const paymentId = await approve(base, first.redirect_url);
    await must(200, buyer('GET', `/api/venta/${first.id_venta}/mercadopago`), 'the order page asks');
    const answers = await Promise.all(Array.from({ length: DUPLICATES }, () => notify(base, paymentId)));
    const order = await must(200, admin('GET', `/api/venta/${first.id_venta}`), 'the order');
    const duplicates = {
      answered200: answers.filter((a) => a.status === 200).length,
      paidEntries: order.historial.filter((h) => h.estado === 'pagada').length,
      latePayment: Boolean(order.pago_tardio),
    };

    // 2. A thousand approved payments, every notification lost.
    const shoppers = customers.slice(1).map((c) => c.request);
    const placed = [];
    for (let i = 0; i < PENDING; i += shoppers.length)
      placed.push(
        ...(await Promise.all(
          shoppers
            .slice(0, Math.min(shoppers.length, PENDING - i))
            .map((s) => placeMercadoPago(s, waitingProduct)),
        )),
      );
    for (let i = 0; i < placed.length; i += 20)
      await Promise.all(placed.slice(i, i + 20).map((o) => approve(base, o.redirect_url)));
    const waiting = async () =>
      (await must(200, admin('GET', '/api/admin/resumen'), 'dashboard')).pedidos_por_pagar;

    // The loop's next round comes at most one interval after the last approval (it runs on its own
    // clock, so by chance anywhere from 0 to 60 s later) and must pay them all itself: the budget is the
    // round's own work, from the first order it pays to the last, within one interval; and everything
    // paid within two intervals of the approvals.
    const approvedAt = performance.now();
    const waitingAtApproval = await waiting();
    let reconciled = false;
    let reconciledMs;
    let firstPaidMs;
    const during = cardLoad(
      customers.slice(1),
      () => reconciled || performance.now() - approvedAt > 2 * INTERVAL_MS,
    );
    while (!reconciled && performance.now() - approvedAt < 2 * INTERVAL_MS) {
      await new Promise((r) => setTimeout(r, 500));
      const left = await waiting();
      if (firstPaidMs === undefined && left < waitingAtApproval) firstPaidMs = performance.now() - approvedAt;
      if (left === 0) {
        reconciled = true;
        reconciledMs = performance.now() - approvedAt;
      }
    }
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      pending: PENDING,
      duplicates,
      reconciledMs: reconciled ? Math.round(reconciledMs) : null,
      // Some may have been paid by a round that ran while the approvals were still being made.
      roundMs: reconciled ? Math.round(reconciledMs - (firstPaidMs ?? 0)) : null,
      cardBefore: before,
      cardDuring: await during,
    };
  } finally {
    await shop.stop();
  }
}

/** Section of `npm run bench`: both scenarios on PostgreSQL. */
export async function run({ seconds }) {
  const url = await freshDatabase('vitrina_bench_mercadopago');
  let r;
  try {
    r = await mercadoPagoLoad({ databaseUrl: url, seconds });
  } finally {
    await dropDatabase('vitrina_bench_mercadopago');
  }
  const markdown =
    `The offline sandbox on PostgreSQL. ${DUPLICATES} signed notifications of one approved payment sent at once; ` +
    `then ${r.pending} orders approved at the sandbox with every notification lost (PUBLIC_URL on a closed port), ` +
    `left to the reconciliation loop (one round each ${INTERVAL_MS / 1000} s), while ${CUSTOMERS - 1} customers pay by card.\n\n` +
    table(
      ['scenario', 'result'],
      [
        ['duplicate notifications answered 200', `${r.duplicates.answered200} of ${DUPLICATES}`],
        ['times the order was paid', String(r.duplicates.paidEntries)],
        [
          'orders reconciled after approval',
          r.reconciledMs === null ? 'not within two intervals' : `${(r.reconciledMs / 1000).toFixed(1)} s`,
        ],
        [
          "the round's own work, first order paid to last",
          r.roundMs === null ? '—' : `${(r.roundMs / 1000).toFixed(1)} s`,
        ],
        ['card checkouts/s before', String(r.cardBefore.perSecond)],
        ['card checkouts/s during the reconciliation', String(r.cardDuring.perSecond)],
        ['card p95 before → during', `${r.cardBefore.p95} → ${r.cardDuring.p95} ms`],
      ],
    );
  return {
    data: r,
    markdown,
    budgets: [
      budget(
        `${DUPLICATES} duplicate Mercado Pago notifications change the order once`,
        `${r.duplicates.paidEntries} payment, ${r.duplicates.answered200} answered`,
        r.duplicates.paidEntries === 1 &&
          r.duplicates.answered200 === DUPLICATES &&
          !r.duplicates.latePayment,
      ),
      budget(
        `${r.pending} pending Mercado Pago orders reconciled by one round, within one loop interval`,
        r.reconciledMs === null
          ? 'not within two intervals'
          : `round ${(r.roundMs / 1000).toFixed(1)} s, ${(r.reconciledMs / 1000).toFixed(1)} s after the approvals`,
        r.reconciledMs !== null && r.roundMs <= INTERVAL_MS && r.reconciledMs <= 2 * INTERVAL_MS,
      ),
    ],
  };
}
