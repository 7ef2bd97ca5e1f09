import { type CurrencyCode, formatMoney } from '@vitrina/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import type { MercadoPagoPayment } from '../../payments/mercadopago';
import {
  notifySandboxPayment,
  paySandboxPreference,
  type SandboxOutcome,
  type SandboxPreference,
  sandboxCheckoutPath,
  sandboxPreference,
  settleSandboxVoucher,
} from '../../payments/mercadopago-sandbox';

/*
 * The offline sandbox's stand-in for Mercado Pago's Checkout Pro pages (no MERCADOPAGO_ACCESS_TOKEN): a
 * plain page of its own, outside the shop's app as Mercado Pago's site is, whose buttons are forms (no
 * script). Anyone with the preference's link may pay it, as on Mercado Pago; no money ever moves.
 */

const OUTCOMES: Record<string, SandboxOutcome> = {
  aprobar: 'approved',
  pendiente: 'pending',
  rechazar: 'rejected',
};

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where Mercado Pago sends the shopper back: the back URL with its query of the payment's outcome. */
function backUrl(preference: SandboxPreference, payment: MercadoPagoPayment | undefined): string {
  const url = new URL(preference.cuerpo.returnUrl);
  if (payment) {
    for (const [name, value] of Object.entries({
      collection_id: payment.id,
      collection_status: payment.status,
      payment_id: payment.id,
      status: payment.status,
      external_reference: preference.referencia_externa,
      payment_type: payment.typeId ?? '',
      preference_id: preference.id,
    }))
      url.searchParams.set(name, value);
  }
  return url.toString();
}

function page(preference: SandboxPreference, payments: MercadoPagoPayment[], shopName: string): string {
  const currency = preference.moneda as CurrencyCode;
  const money = (cents: number) => html(formatMoney(cents / 100, currency));
  const latest = payments[0];
  const expires = preference.cuerpo.expiresAt ? new Date(preference.cuerpo.expiresAt) : null;
  const expired = expires !== null && expires <= new Date();
  const lines = preference.cuerpo.lines
    .map(
      (line) => `<li>${line.quantity} × ${html(line.title)}: ${money(line.unitCents * line.quantity)}</li>`,
    )
    .concat(
      preference.cuerpo.shippingCents > 0
        ? [`<li>Envío: ${money(preference.cuerpo.shippingCents)}</li>`]
        : [],
    )
    .join('');
  const back = `<p><a href="${html(backUrl(preference, latest))}">Volver a ${html(shopName)}</a></p>`;
  const action = (path: string, label: string) =>
    `<form method="post" action="${html(path)}"><button type="submit">${html(label)}</button></form>`;
  const base = sandboxCheckoutPath(preference.id);
  let body: string;
  if (latest?.status === 'approved' || latest?.status === 'refunded') {
    body = `<p role="status">Pago aprobado.</p>${back}`;
  } else if (latest?.status === 'pending') {
    body =
      `<p role="status">Ficha de pago en efectivo generada: paga ${money(latest.amountCents)} en una tienda` +
      `${expires ? ` antes del ${html(expires.toLocaleString('es', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }))} (UTC)` : ''}.</p>` +
      action(`${base}/pagos/${latest.id}/acreditar`, 'Simular el pago de la ficha') +
      back;
  } else if (expired) {
    body = `<p role="status">El plazo para pagar esta compra terminó.</p>${back}`;
  } else {
    body =
      (latest?.status === 'rejected'
        ? '<p role="alert">Tu pago fue rechazado. Puedes intentarlo de nuevo.</p>'
        : '') +
      action(`${base}/aprobar`, 'Pagar con tarjeta (aprobado)') +
      action(`${base}/pendiente`, 'Pagar en efectivo (queda pendiente)') +
      action(`${base}/rechazar`, 'Pagar con tarjeta (rechazado)') +
      back;
  }
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mercado Pago (sandbox) · ${html(shopName)}</title></head>
<body><main>
<h1>Mercado Pago (sandbox)</h1>
<p>Pago de prueba: no se mueve dinero.</p>
<h2>Tu compra en ${html(shopName)}</h2>
<ul>${lines}</ul>
<p>Total: <strong>${money(preference.monto_centavos)}</strong></p>
${body}
</main></body></html>`;
}

const notFoundPage = (reply: FastifyReply) =>
  reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Pago no encontrado</title></head><body><main><h1>Este pago no existe</h1></main></body></html>',
    );

export const mercadoPagoSandboxRoutes: FastifyPluginAsync<{ db: Db; shopName: string }> = async (
  app,
  { db, shopName },
) => {
  // The page's forms post nothing but their URL; a body, if any, is read and ignored.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  const show = async (id: string, reply: FastifyReply) => {
    const found = await sandboxPreference(db, id);
    if (!found) return notFoundPage(reply);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(found.preference, found.payments, shopName));
  };

  app.get<{ Params: { preferencia: string } }>('/mercadopago-sandbox/:preferencia', (request, reply) =>
    show(request.params.preferencia, reply),
  );

  app.post<{ Params: { preferencia: string; resultado: string } }>(
    '/mercadopago-sandbox/:preferencia/:resultado',
    async (request, reply) => {
      const { preferencia, resultado } = request.params;
      const outcome = OUTCOMES[resultado];
      const found = await sandboxPreference(db, preferencia);
      if (!outcome || !found) return notFoundPage(reply);
      const payment = await paySandboxPreference(db, preferencia, outcome);
      // Notified before the shopper is sent back, as Mercado Pago usually manages: the order page then
      // already shows the outcome (and the shop's reconciliation finds it if this notification is lost).
      if (payment)
        await notifySandboxPayment(found.preference.cuerpo.notificationUrl, payment.id, 'payment.created');
      if (payment?.status === 'approved') return reply.code(303).redirect(backUrl(found.preference, payment));
      return reply.code(303).redirect(sandboxCheckoutPath(preferencia));
    },
  );

  app.post<{ Params: { preferencia: string; pago: string } }>(
    '/mercadopago-sandbox/:preferencia/pagos/:pago/acreditar',
    async (request, reply) => {
      const { preferencia, pago } = request.params;
      const found = await sandboxPreference(db, preferencia);
      if (!found?.payments.some((p) => p.id === pago)) return notFoundPage(reply);
      const payment = await settleSandboxVoucher(db, pago, 'approved');
      if (payment)
        await notifySandboxPayment(found.preference.cuerpo.notificationUrl, payment.id, 'payment.updated');
      return reply
        .code(303)
        .redirect(payment ? backUrl(found.preference, payment) : sandboxCheckoutPath(preferencia));
    },
  );
};
