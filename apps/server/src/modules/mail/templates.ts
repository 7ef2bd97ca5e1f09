import {
  type CurrencyCode,
  cardSummary,
  formatMoney,
  fromCents,
  type IncludedTax,
  includedTaxLine,
  lowStockUnits,
} from '@vitrina/shared';
import type { OutgoingMail } from './outbox';

/*
 * The shop's transactional e-mail in Spanish: each message as simple HTML (inline styles, one column that
 * reads well on a phone; mail clients ignore style sheets) and as plain text for clients that show no HTML.
 * Every value that comes from a person (names, addresses, products, the shop's name) is escaped.
 */

export interface OrderMailData {
  shopName: string;
  /** The shop's logo (absolute URL), shown above its name; none: the name alone. */
  logoUrl?: string | null;
  /** SHOP_CURRENCY: every amount of the message is written in it. */
  currency: CurrencyCode;
  /** Absolute link to the customer's order page (PUBLIC_URL + /pedido/:id). */
  orderUrl: string;
  customerName: string;
  /** 'V-000123'. */
  numero_pedido: string;
  lines: Array<{ nombre: string; cantidad: number; unitCents: number; totalCents: number }>;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  address: { nombre: string; direccion: string; telefono: string };
  /** Picked up at the store (decision 082): where and when, instead of the shipping address. */
  pickup?: { direccion: string; horario: string } | null;
  card: { brand: string; last4: string } | null;
  carrier?: string | null;
  tracking?: string | null;
  /** Everything refunded so far, this refund included. */
  refundedCents?: number;
  /** 'Incluye IVA (16 %): $27.59' when the shop shows the tax its prices include (decision 058). */
  taxLine?: string | null;
  /** The tax the order was sold with, to restate the tax inside a refund; null when it shows none. */
  tax?: IncludedTax | null;
}

/** How to pay an order paid later (decision 056): the method, until when, and the owner's instructions. */
export interface PaymentDue {
  method: string;
  /** '30 de noviembre de 2026 a las 18:10', in the shop's time zone. */
  deadline: string;
  instructions: string;
}

/** What one refund gave back, and the part of it that was shipping. */
export interface RefundGiven {
  cents: number;
  shippingCents: number;
  /** Paid by transfer or in cash: the shop gives the money back itself, not a card or Mercado Pago. */
  byShop?: boolean;
}

export interface AccountMailData {
  shopName: string;
  logoUrl?: string | null;
  name: string;
  /** PUBLIC_URL: the messages link to the shop's home page (PUBLIC_URL/). */
  publicUrl: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** An amount in the shop's currency (SHOP_CURRENCY), as its country writes it. */
const money = (cents: number, data: OrderMailData) => formatMoney(fromCents(cents), data.currency);
const shipping = (cents: number, data: OrderMailData) => (cents === 0 ? 'Gratis' : money(cents, data));

const FONT = 'font-family:Helvetica,Arial,sans-serif;color:#1f2937;font-size:16px;line-height:1.5';
const MUTED = 'color:#6b7280;font-size:14px';
const CELL = 'padding:6px 0;border-bottom:1px solid #e5e7eb;vertical-align:top';

/** A paragraph of text, escaped. */
const p = (text: string, style = '') => `<p style="margin:0 0 16px;${style}">${escapeHtml(text)}</p>`;

function button(label: string, url: string): string {
  return (
    `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#111827;` +
    `color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">` +
    `${escapeHtml(label)}</a></p>`
  );
}

/** The shop's logo on top of a message, when it has one: a fixed height, its name as the alternative. */
const logoHtml = (shopName: string, logoUrl: string | null | undefined) =>
  logoUrl
    ? `<p style="margin:0 0 8px"><img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(shopName)}" height="48" ` +
      `style="height:48px;width:auto;border:0"></p>`
    : '';

/** The frame every message shares: the shop's logo and name on top, one column at most 600 px wide. */
function layout(shopName: string, title: string, body: string, logoUrl?: string | null): string {
  return [
    '<!doctype html>',
    '<html lang="es"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6">`,
    `<div style="max-width:600px;margin:0 auto;padding:24px 16px;background:#ffffff;${FONT}">`,
    logoHtml(shopName, logoUrl),
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold">${escapeHtml(shopName)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(title)}</h1>`,
    body,
    `<p style="margin:32px 0 0;${MUTED}">${escapeHtml(shopName)}</p>`,
    '</div></body></html>',
  ].join('\n');
}

function orderTableHtml(data: OrderMailData): string {
  const rows = data.lines.map(
    (line) =>
      `<tr><td style="${CELL}">${escapeHtml(line.nombre)}<br><span style="${MUTED}">` +
      `${line.cantidad} × ${escapeHtml(money(line.unitCents, data))}</span></td>` +
      `<td style="${CELL};text-align:right;white-space:nowrap">${escapeHtml(money(line.totalCents, data))}</td></tr>`,
  );
  const sum = (label: string, value: string, bold = false) =>
    `<tr><td style="padding:4px 0${bold ? ';font-weight:bold' : ''}">${escapeHtml(label)}</td>` +
    `<td style="padding:4px 0;text-align:right;white-space:nowrap${bold ? ';font-weight:bold' : ''}">` +
    `${escapeHtml(value)}</td></tr>`;
  return [
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">',
    ...rows,
    sum('Subtotal', money(data.subtotalCents, data)),
    sum('Envío', shipping(data.shippingCents, data)),
    sum('Total', money(data.totalCents, data), true),
    data.taxLine
      ? `<tr><td colspan="2" style="padding:4px 0;${MUTED}">${escapeHtml(data.taxLine)}</td></tr>`
      : '',
    '</table>',
  ].join('\n');
}

function orderTableText(data: OrderMailData): string {
  return [
    ...data.lines.map(
      (line) =>
        `- ${line.nombre}: ${line.cantidad} × ${money(line.unitCents, data)} = ${money(line.totalCents, data)}`,
    ),
    '',
    `Subtotal: ${money(data.subtotalCents, data)}`,
    `Envío: ${shipping(data.shippingCents, data)}`,
    `Total: ${money(data.totalCents, data)}`,
    ...(data.taxLine ? [data.taxLine] : []),
  ].join('\n');
}

const addressLines = (data: OrderMailData) =>
  data.pickup
    ? [data.pickup.direccion, `Horario: ${data.pickup.horario}`]
    : [data.address.nombre, data.address.direccion, `Tel. ${data.address.telefono}`];

const addressTitle = (data: OrderMailData) => (data.pickup ? 'Retiro en tienda' : 'Dirección de envío');

function addressHtml(data: OrderMailData): string {
  return (
    `<p style="margin:0 0 4px;font-weight:bold">${addressTitle(data)}</p>` +
    `<p style="margin:0 0 16px">${addressLines(data).map(escapeHtml).join('<br>')}</p>`
  );
}

const cardText = (data: OrderMailData) =>
  data.card ? `Pagado con ${cardSummary(data.card.brand, data.card.last4)}` : null;

const trackingLines = (data: OrderMailData) =>
  [
    data.carrier ? `Transportista: ${data.carrier}` : null,
    data.tracking ? `Número de guía: ${data.tracking}` : null,
  ].filter((line): line is string => line !== null);

/** The parts every order message shares, around what is particular to each kind. */
function orderMail(
  to: string,
  kind: OutgoingMail['kind'],
  data: OrderMailData,
  content: {
    subject: string;
    title: string;
    intro: string[];
    highlight?: string[];
    next: string;
    /** Whom it greets and where its button goes: the customer and their order page unless given. */
    greeting?: string;
    action?: { label: string; url: string };
    /** Links of their own under the highlight, one a line ('Calificar Silla Nórdica'). */
    links?: Array<{ label: string; url: string }>;
  },
): OutgoingMail {
  const card = cardText(data);
  const greeting = content.greeting ?? `Hola, ${data.customerName}:`;
  const action = content.action ?? { label: 'Ver mi pedido', url: data.orderUrl };
  const html = layout(
    data.shopName,
    content.title,
    [
      p(greeting),
      ...content.intro.map((line) => p(line)),
      content.highlight?.length
        ? `<p style="margin:0 0 16px;padding:12px;background:#f3f4f6;border-radius:6px">` +
          `${content.highlight.map(escapeHtml).join('<br>')}</p>`
        : '',
      content.links?.length
        ? `<ul style="margin:0 0 16px;padding-left:20px">${content.links
            .map(
              (link) =>
                `<li style="margin:0 0 8px"><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></li>`,
            )
            .join('')}</ul>`
        : '',
      `<p style="margin:0 0 8px;font-weight:bold">Pedido ${escapeHtml(data.numero_pedido)}</p>`,
      orderTableHtml(data),
      addressHtml(data),
      card ? p(card) : '',
      `<p style="margin:0 0 4px;font-weight:bold">¿Qué sigue?</p>`,
      p(content.next),
      button(action.label, action.url),
    ].join('\n'),
    data.logoUrl,
  );
  const text = [
    content.title,
    '',
    greeting,
    '',
    ...content.intro.flatMap((line) => [line, '']),
    ...(content.highlight?.length ? [...content.highlight, ''] : []),
    ...(content.links?.length ? [...content.links.map((link) => `${link.label}: ${link.url}`), ''] : []),
    `Pedido ${data.numero_pedido}`,
    orderTableText(data),
    '',
    `${addressTitle(data)}:`,
    ...addressLines(data),
    '',
    ...(card ? [card, ''] : []),
    '¿Qué sigue?',
    content.next,
    '',
    `${action.label}: ${action.url}`,
    '',
    data.shopName,
  ].join('\n');
  return { to, kind, subject: content.subject, html, text };
}

export function orderConfirmedMail(to: string, data: OrderMailData): OutgoingMail {
  return orderMail(to, 'pedido_confirmado', data, {
    subject: `Confirmamos tu pedido ${data.numero_pedido} en ${data.shopName}`,
    title: '¡Gracias por tu compra!',
    intro: [`Recibimos el pago de tu pedido ${data.numero_pedido}. Este es el resumen.`],
    next: data.pickup
      ? 'Preparamos tu pedido y te escribimos cuando esté listo para retirar en la tienda, en la dirección y el horario de abajo.'
      : 'Preparamos tu pedido y te escribimos cuando salga, con el número de guía para seguir el envío. Puedes ver su estado cuando quieras en la página del pedido.',
  });
}

/** To the shop (SUPPORT_EMAIL) when an order is paid: what to pack, where it goes, and its admin page. */
export function newOrderMail(to: string, data: OrderMailData & { adminUrl: string }): OutgoingMail {
  return orderMail(to, 'pedido_nuevo', data, {
    subject: `Pedido nuevo ${data.numero_pedido}: ${money(data.totalCents, data)}`,
    title: 'Entró un pedido nuevo',
    greeting: 'Hola:',
    intro: [`${data.customerName} pagó el pedido ${data.numero_pedido}. Esto hay que preparar:`],
    highlight: data.lines.map((line) => `${line.cantidad} × ${line.nombre}`),
    next: data.pickup
      ? 'Se retira en la tienda: ábrelo en el panel para marcarlo en preparación, imprimir la lista de empaque y, cuando esté listo, avisar al cliente.'
      : 'Ábrelo en el panel para marcarlo en preparación, imprimir la lista de empaque y, cuando salga, anotar la guía.',
    action: { label: 'Ver el pedido en el panel', url: data.adminUrl },
  });
}

export function orderShippedMail(to: string, data: OrderMailData): OutgoingMail {
  const tracking = trackingLines(data);
  return orderMail(to, 'pedido_enviado', data, {
    subject: `Tu pedido ${data.numero_pedido} va en camino`,
    title: 'Tu pedido va en camino',
    intro: [`Entregamos tu pedido ${data.numero_pedido} al transportista.`],
    highlight: tracking,
    next: tracking.length
      ? 'Con el número de guía puedes seguir el envío en la página del transportista. Lo recibirás en la dirección de envío de abajo.'
      : 'Lo recibirás en la dirección de envío de abajo. Puedes ver el estado del pedido en su página.',
  });
}

/** What the delivered message adds: each line with the link that rates it, and whether cash paid it now. */
export interface DeliveredOrder {
  rateLinks: Array<{ nombre: string; url: string }>;
  /** Cash on delivery (decision 084): delivering it is when its money arrived, this message is its receipt. */
  paidOnDelivery: boolean;
}

/** To the shopper when the order was delivered (or picked up): how to rate each product they bought. */
export function orderDeliveredMail(to: string, data: OrderMailData, delivered: DeliveredOrder): OutgoingMail {
  return orderMail(to, 'pedido_entregado', data, {
    subject: `Tu pedido ${data.numero_pedido} fue entregado`,
    title: 'Tu pedido fue entregado',
    intro: [
      data.pickup
        ? `Retiraste tu pedido ${data.numero_pedido} en la tienda. ¡Gracias por tu compra!`
        : `Entregamos tu pedido ${data.numero_pedido}. ¡Gracias por tu compra!`,
      '¿Qué te parecieron tus productos? Tu opinión ayuda a otros clientes: califica cada uno con un clic.',
    ],
    highlight: delivered.paidOnDelivery
      ? [`Recibimos tu pago en efectivo: ${money(data.totalCents, data)}`]
      : [],
    links: delivered.rateLinks.map((line) => ({ label: `Calificar ${line.nombre}`, url: line.url })),
    next: 'Cada enlace abre tu pedido en la tienda, donde eliges de 1 a 5 estrellas y, si quieres, dejas un comentario. Si algo no llegó bien, desde la misma página puedes pedir una devolución.',
    action: { label: 'Calificar mis productos', url: data.orderUrl },
  });
}

/** To the shopper when an order picked up at the store is ready there. */
export function orderReadyMail(to: string, data: OrderMailData): OutgoingMail {
  return orderMail(to, 'pedido_listo', data, {
    subject: `Tu pedido ${data.numero_pedido} está listo para retirar`,
    title: 'Tu pedido está listo para retirar',
    intro: [`Tu pedido ${data.numero_pedido} te espera en la tienda.`],
    highlight: data.pickup ? [data.pickup.direccion, `Horario: ${data.pickup.horario}`] : [],
    next: 'Pasa a retirarlo en el horario de la tienda; si lo retira otra persona, que diga el número de pedido.',
  });
}

export function orderCancelledMail(to: string, data: OrderMailData): OutgoingMail {
  const refunded = data.refundedCents ? [`Reembolso: ${money(data.refundedCents, data)}`] : [];
  return orderMail(to, 'pedido_cancelado', data, {
    subject: `Cancelamos tu pedido ${data.numero_pedido}`,
    title: 'Tu pedido fue cancelado',
    intro: [`Cancelamos tu pedido ${data.numero_pedido}; no lo enviaremos.`],
    highlight: refunded,
    next: refunded.length
      ? 'El reembolso vuelve a la tarjeta con la que pagaste; según tu banco, puede tardar unos días en verse en tu estado de cuenta.'
      : 'Si tienes dudas sobre la cancelación, responde a este correo y te ayudamos.',
  });
}

export function orderRefundedMail(to: string, data: OrderMailData, refund: RefundGiven): OutgoingMail {
  const amount = money(refund.cents, data);
  const shippingPart =
    refund.shippingCents > 0 ? ` (incluye ${money(refund.shippingCents, data)} del envío)` : '';
  const total = data.refundedCents ?? refund.cents;
  return orderMail(to, 'pedido_reembolsado', data, {
    subject: `Te reembolsamos ${amount} del pedido ${data.numero_pedido}`,
    title: 'Te hicimos un reembolso',
    intro: [`Reembolsamos ${amount} de tu pedido ${data.numero_pedido}${shippingPart}.`],
    // What this refund gave back, and apart the total so far: two refunds are never read as one sum.
    highlight: [
      `Este reembolso: ${amount}`,
      ...(data.tax ? [includedTaxLine(data.tax, refund.cents, data.currency)] : []),
      ...(total !== refund.cents
        ? [`Reembolsado en total: ${money(total, data)} de ${money(data.totalCents, data)} pagados`]
        : []),
    ],
    next: refund.byShop
      ? 'Te devolvemos el dinero por transferencia o en efectivo; si necesitamos tus datos bancarios, te escribiremos.'
      : 'El reembolso vuelve a la tarjeta con la que pagaste; según tu banco, puede tardar unos días en verse en tu estado de cuenta.',
  });
}

/** To the shopper when an order to be paid later is placed: how to pay, how much, until when. */
export function paymentDueMail(to: string, data: OrderMailData, due: PaymentDue): OutgoingMail {
  const total = money(data.totalCents, data);
  return orderMail(to, 'pedido_por_pagar', data, {
    subject: `Tu pedido ${data.numero_pedido}: paga ${total} antes del ${due.deadline}`,
    title: 'Recibimos tu pedido: falta el pago',
    intro: [
      `Apartamos los productos de tu pedido ${data.numero_pedido} hasta el ${due.deadline}. Para completarlo, paga ${total} con ${due.method}:`,
    ],
    highlight: [
      ...due.instructions.split(/\r?\n/),
      `Total a pagar: ${total}`,
      `Paga antes del ${due.deadline}`,
    ],
    next: `Cuando confirmemos tu pago te escribimos y preparamos tu pedido. Si no lo recibimos antes del ${due.deadline}, el pedido se cancela solo y no tienes que hacer nada.`,
  });
}

/** To the shopper when an order to be paid later was cancelled because its money did not arrive in time. */
export function orderExpiredMail(to: string, data: OrderMailData): OutgoingMail {
  return orderMail(to, 'pedido_vencido', data, {
    subject: `Cancelamos tu pedido ${data.numero_pedido}: no recibimos el pago a tiempo`,
    title: 'Tu pedido se canceló sin pago',
    intro: [
      `No recibimos el pago de tu pedido ${data.numero_pedido} dentro del plazo, así que lo cancelamos y liberamos los productos.`,
    ],
    next: 'Si todavía lo quieres, vuelve a comprarlo en la tienda. Si ya habías pagado, responde a este correo: te devolvemos el dinero.',
  });
}

/** To the shop: money arrived for an order cancelled unpaid (or paid twice), which must be given back. */
export function latePaymentMail(
  to: string,
  data: OrderMailData & { adminUrl: string; amountCents: number; reference: string },
): OutgoingMail {
  const amount = money(data.amountCents, data);
  return orderMail(to, 'pago_tardio', data, {
    subject: `Pago tardío de ${amount} en el pedido ${data.numero_pedido}: hay que devolverlo`,
    title: 'Llegó un pago para un pedido que ya no lo espera',
    greeting: 'Hola:',
    intro: [
      `Se confirmó un pago de ${amount} (referencia ${data.reference}) para el pedido ${data.numero_pedido}, que ya no esperaba ese dinero.`,
    ],
    next: 'Devuelve el pago al cliente desde el sistema de pagos, o escríbele para ofrecerle completar la compra de nuevo.',
    action: { label: 'Ver el pedido en el panel', url: data.adminUrl },
  });
}

/** One paid order in the day's summary: what to pack, and where it goes. */
export interface SummaryOrder {
  numero_pedido: string;
  customerName: string;
  totalCents: number;
  lines: Array<{ nombre: string; cantidad: number }>;
  /** 'Retiro en tienda', or the region it ships to. */
  destination: string;
  adminUrl: string;
}

/** To the shop once a day, instead of one message per order (decision 083): the day's paid orders. */
export function dailyOrdersMail(
  to: string,
  data: {
    shopName: string;
    logoUrl?: string | null;
    currency: CurrencyCode;
    /** '27 de noviembre de 2026'. */
    day: string;
    orders: SummaryOrder[];
    ordersUrl: string;
  },
): OutgoingMail {
  const amount = (cents: number) => formatMoney(fromCents(cents), data.currency);
  const total = data.orders.reduce((sum, order) => sum + order.totalCents, 0);
  const title = `Pedidos del ${data.day}`;
  const intro =
    data.orders.length === 0
      ? 'Ese día no entró ningún pedido pagado.'
      : `${data.orders.length === 1 ? 'Entró 1 pedido pagado' : `Entraron ${data.orders.length} pedidos pagados`} por ${amount(total)}. Esto hay que preparar:`;
  const describe = (order: SummaryOrder) =>
    `${order.numero_pedido} · ${order.customerName} · ${amount(order.totalCents)} · ${order.destination}`;
  const packing = (order: SummaryOrder) => order.lines.map((line) => `${line.cantidad} × ${line.nombre}`);
  const html = layout(
    data.shopName,
    title,
    [
      p('Hola:'),
      p(intro),
      ...data.orders.map(
        (order) =>
          `<p style="margin:0 0 16px;padding:12px;background:#f3f4f6;border-radius:6px">` +
          `<a href="${escapeHtml(order.adminUrl)}" style="font-weight:bold;color:#111827">${escapeHtml(describe(order))}</a><br>` +
          `${packing(order).map(escapeHtml).join('<br>')}</p>`,
      ),
      button('Ver los pedidos en el panel', data.ordersUrl),
    ].join('\n'),
    data.logoUrl,
  );
  const text = [
    title,
    '',
    'Hola:',
    '',
    intro,
    '',
    ...data.orders.flatMap((order) => [describe(order), ...packing(order), order.adminUrl, '']),
    `Ver los pedidos en el panel: ${data.ordersUrl}`,
    '',
    data.shopName,
  ].join('\n');
  return {
    to,
    kind: 'resumen_pedidos',
    subject: `Resumen de pedidos del ${data.day}: ${data.orders.length}`,
    html,
    text,
  };
}

/** A variant running low, as the daily digest names it. */
export interface DigestItem {
  /** The product's name with the variant's label: 'Camiseta (Talla M · Rojo)'. */
  nombre: string;
  sku: string;
  stock: number;
  stockMinimo: number;
  editUrl: string;
}

/** To the shop once a day when something runs low (decision 090): each low variant, fewest units first. */
export function lowStockMail(
  to: string,
  data: {
    shopName: string;
    logoUrl?: string | null;
    items: DigestItem[];
    /** Low variants beyond the ones listed. */
    more: number;
    dashboardUrl: string;
  },
): OutgoingMail {
  const count = data.items.length + data.more;
  const title = 'Stock bajo';
  const intro = `${count === 1 ? 'Queda 1 variante' : `Quedan ${count} variantes`} con stock bajo. Conviene reponerlas:`;
  const describe = (item: DigestItem) =>
    `${item.nombre} · SKU ${item.sku} · ${lowStockUnits(item.stock)} (mínimo ${item.stockMinimo})`;
  const more = data.more > 0 ? [`Y ${data.more} más en el panel.`] : [];
  const html = layout(
    data.shopName,
    title,
    [
      p('Hola:'),
      p(intro),
      `<ul style="margin:0 0 16px;padding-left:20px">${data.items
        .map(
          (item) =>
            `<li><a href="${escapeHtml(item.editUrl)}" style="color:#111827">${escapeHtml(describe(item))}</a></li>`,
        )
        .join('')}</ul>`,
      ...more.map((line) => p(line)),
      button('Ver el inventario en el panel', data.dashboardUrl),
    ].join('\n'),
    data.logoUrl,
  );
  const text = [
    title,
    '',
    'Hola:',
    '',
    intro,
    '',
    ...data.items.flatMap((item) => [describe(item), item.editUrl, '']),
    ...more.flatMap((line) => [line, '']),
    `Ver el inventario en el panel: ${data.dashboardUrl}`,
    '',
    data.shopName,
  ].join('\n');
  return {
    to,
    kind: 'stock_bajo',
    subject: count === 1 ? 'Stock bajo: 1 variante' : `Stock bajo: ${count} variantes`,
    html,
    text,
  };
}

function accountMail(
  to: string,
  kind: OutgoingMail['kind'],
  data: AccountMailData,
  content: { subject: string; title: string; paragraphs: string[]; action: string; url?: string },
): OutgoingMail {
  const url = content.url ?? `${data.publicUrl}/`;
  const html = layout(
    data.shopName,
    content.title,
    [
      p(`Hola, ${data.name}:`),
      ...content.paragraphs.map((line) => p(line)),
      button(content.action, url),
    ].join('\n'),
    data.logoUrl,
  );
  const text = [
    content.title,
    '',
    `Hola, ${data.name}:`,
    '',
    ...content.paragraphs.flatMap((line) => [line, '']),
    `${content.action}: ${url}`,
    '',
    data.shopName,
  ].join('\n');
  return { to, kind, subject: content.subject, html, text };
}

export function welcomeMail(to: string, data: AccountMailData): OutgoingMail {
  return accountMail(to, 'bienvenida', data, {
    subject: `Te damos la bienvenida a ${data.shopName}`,
    title: `Te damos la bienvenida a ${data.shopName}`,
    paragraphs: [
      'Tu cuenta ya está lista. Con ella puedes comprar, ver tus pedidos y su envío, y calificar los productos que compraste.',
      'Si no creaste esta cuenta, responde a este correo y la revisamos.',
    ],
    action: 'Ir a la tienda',
  });
}

/**
 * The link that adds the orders bought without an account with this e-mail to the account (decision
 * 085): only who reads this mailbox can open it, so nobody takes another person's orders.
 */
export function claimGuestOrdersMail(to: string, data: AccountMailData & { claimUrl: string }): OutgoingMail {
  return accountMail(to, 'compras_sin_cuenta', data, {
    subject: `Suma tus compras sin cuenta a tu cuenta de ${data.shopName}`,
    title: 'Suma tus compras a tu cuenta',
    paragraphs: [
      'Compraste sin cuenta con este correo. Con el botón de abajo esas compras pasan a tu cuenta y las ves en Mis compras.',
      'Si no lo pediste tú, ignora este correo: nada cambia.',
    ],
    action: 'Sumar mis compras',
    url: data.claimUrl,
  });
}

/** The link to choose a new password (POST /api/usuario/recuperar), valid PASSWORD_RESET_MINUTES. */
export function passwordResetMail(to: string, data: AccountMailData & { resetUrl: string }): OutgoingMail {
  return accountMail(to, 'recuperar_contrasena', data, {
    subject: `Elige una contraseña nueva para ${data.shopName}`,
    title: 'Elige una contraseña nueva',
    paragraphs: [
      'Pediste restablecer la contraseña de tu cuenta. Con el botón de abajo eliges una nueva; el enlace vale por una hora y sirve una sola vez.',
      'Si no lo pediste tú, ignora este correo: tu contraseña no cambia.',
    ],
    action: 'Elegir contraseña nueva',
    url: data.resetUrl,
  });
}

/** The owner's invitation to join the staff (POST /api/personal), valid STAFF_INVITATION_DAYS. */
export function staffInvitationMail(
  to: string,
  data: AccountMailData & { role: string; acceptUrl: string; days: number },
): OutgoingMail {
  return accountMail(to, 'invitacion_personal', data, {
    subject: `Te invitan al equipo de ${data.shopName}`,
    title: `Te invitan al equipo de ${data.shopName}`,
    paragraphs: [
      `La tienda te invita a su personal con el rol ${data.role}. Con el botón de abajo aceptas: inicia sesión o crea tu cuenta con este mismo correo (${to}).`,
      `El enlace vale ${data.days} días y sirve una sola vez. Si no esperabas esta invitación, ignora este correo.`,
    ],
    action: 'Aceptar la invitación',
    url: data.acceptUrl,
  });
}

/** A reset asked for an account that signs in with Google: it has no password to reset. */
export function googleAccountResetMail(to: string, data: AccountMailData): OutgoingMail {
  return accountMail(to, 'recuperar_contrasena', data, {
    subject: `Tu cuenta de ${data.shopName} entra con Google`,
    title: 'Tu cuenta entra con Google',
    paragraphs: [
      'Pediste restablecer la contraseña de tu cuenta, pero tu cuenta no tiene contraseña: entras con el botón «Continuar con Google».',
      'Si no lo pediste tú, ignora este correo.',
    ],
    action: 'Ir a la tienda',
  });
}

export function passwordChangedMail(to: string, data: AccountMailData): OutgoingMail {
  return accountMail(to, 'contrasena_cambiada', data, {
    subject: `Cambiaste tu contraseña de ${data.shopName}`,
    title: 'Tu contraseña cambió',
    paragraphs: [
      'La contraseña de tu cuenta se acaba de cambiar. Si fuiste tú, no tienes que hacer nada.',
      'Si no fuiste tú, responde a este correo de inmediato para que bloqueemos tu cuenta y te ayudemos a recuperarla.',
    ],
    action: 'Ir a la tienda',
  });
}

/** What an abandoned-cart reminder shows: the items, a link back to the cart and one to stop these. */
export interface CartReminderData extends Omit<AccountMailData, 'name'> {
  /** The account's first name, or the guest's typed at checkout; null: a guest who typed none. */
  name: string | null;
  currency: CurrencyCode;
  lines: Array<{ nombre: string; cantidad: number; unitCents: number }>;
  cartUrl: string;
  unsubscribeUrl: string;
}

/** The one reminder of a cart left with items (docs/decisions/081-abandoned-carts.md). */
export function cartReminderMail(to: string, data: CartReminderData): OutgoingMail {
  const price = (cents: number) => formatMoney(fromCents(cents), data.currency);
  const items = data.lines.map((line) => `${line.nombre}: ${line.cantidad} × ${price(line.unitCents)}`);
  const title = 'Tu carrito te espera';
  const intro = 'Dejaste estos productos en tu carrito. Siguen ahí cuando quieras terminar tu compra:';
  const stop = '¿No quieres estos recordatorios? Deja de recibirlos aquí:';
  const greeting = data.name ? `Hola, ${data.name}:` : 'Hola:';
  const html = layout(
    data.shopName,
    title,
    [
      p(greeting),
      p(intro),
      `<p style="margin:0 0 16px;padding:12px;background:#f3f4f6;border-radius:6px">` +
        `${items.map(escapeHtml).join('<br>')}</p>`,
      p('Los precios y las existencias pueden cambiar hasta que pagues.', MUTED),
      button('Volver a mi carrito', data.cartUrl),
      `<p style="margin:0;${MUTED}">${escapeHtml(stop)} <a href="${escapeHtml(data.unsubscribeUrl)}">` +
        'No enviarme más recordatorios</a></p>',
    ].join('\n'),
    data.logoUrl,
  );
  const text = [
    title,
    '',
    greeting,
    '',
    intro,
    ...items.map((item) => `- ${item}`),
    '',
    'Los precios y las existencias pueden cambiar hasta que pagues.',
    '',
    `Volver a mi carrito: ${data.cartUrl}`,
    '',
    `${stop} ${data.unsubscribeUrl}`,
    '',
    data.shopName,
  ].join('\n');
  return { to, kind: 'carrito_abandonado', subject: `Tu carrito en ${data.shopName} te espera`, html, text };
}

/** A customer's request about an order, as the shop and the customer read it. */
export interface OrderRequestMail {
  /** 'cancelación' or 'devolución'. */
  what: string;
  reason: string;
}

/** The shop's notice of a cancel or return request, with a link to answer it in the panel. */
export function orderRequestMail(
  to: string,
  data: OrderMailData & OrderRequestMail & { adminUrl: string },
): OutgoingMail {
  return orderMail(to, 'solicitud_pedido', data, {
    subject: `Solicitud de ${data.what} del pedido ${data.numero_pedido}`,
    title: `${data.customerName} pide la ${data.what} de un pedido`,
    greeting: 'Hola:',
    intro: [`${data.customerName} pide la ${data.what} del pedido ${data.numero_pedido}. Su motivo:`],
    highlight: [data.reason],
    next: 'Ábrelo en el panel para aceptar o rechazar la solicitud; le avisamos de tu respuesta por correo.',
    action: { label: 'Responder en el panel', url: data.adminUrl },
  });
}

/** The customer's answer to their request: accepted or refused, with the shop's words if any. */
export function orderRequestAnsweredMail(
  to: string,
  data: OrderMailData & OrderRequestMail & { accepted: boolean; answer: string | null },
): OutgoingMail {
  const verdict = data.accepted ? 'aceptó' : 'rechazó';
  return orderMail(to, 'solicitud_respondida', data, {
    subject: `Respondimos tu solicitud de ${data.what} del pedido ${data.numero_pedido}`,
    title: data.accepted
      ? `Aceptamos tu solicitud de ${data.what}`
      : `No pudimos aceptar tu solicitud de ${data.what}`,
    intro: [`La tienda ${verdict} tu solicitud de ${data.what} del pedido ${data.numero_pedido}.`],
    highlight: data.answer ? [data.answer] : [],
    next: data.accepted
      ? 'Te escribiremos de nuevo cuando emitamos tu reembolso.'
      : 'Si tienes dudas, responde a este correo y te ayudamos.',
  });
}
