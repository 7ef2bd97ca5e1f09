import {
  type CurrencyCode,
  dateTimeInTimeZone,
  dayInTimeZone,
  isOrder,
  lineName,
  ORDER_STATE_LABELS,
  type OrderStateFilter,
  plainAmount,
  toCents,
} from '@vitrina/shared';
import { inArray } from 'drizzle-orm';
import { type CsvValue, toCsv, UTF8_BOM } from '../../csv';
import type { Db } from '../../db/client';
import { venta } from '../../db/schema';
import { listOrders } from './list-orders';

export interface OrdersExportQuery {
  /** Calendar days 'YYYY-MM-DD', both included, in the shop's time zone (as the orders history filters them). */
  desde?: string | undefined;
  hasta?: string | undefined;
  /** Absent = paid orders; 'todas' = every attempt. */
  estado?: OrderStateFilter | undefined;
}

/**
 * Money columns say their currency in the header and hold numbers in its decimals with no currency sign nor
 * thousands mark ('1299.90', '12990' in CLP), with a point (the comma separates the columns), which a
 * spreadsheet sums as numbers.
 */
const header = (currency: CurrencyCode) => [
  'Pedido',
  'Fecha',
  'Cliente',
  'Correo',
  'Estado',
  'Productos',
  `Subtotal de productos (${currency})`,
  `Envío (${currency})`,
  `Total cobrado (${currency})`,
  `Reembolsado (${currency})`,
  `Neto (${currency})`,
  'Moneda',
  'Referencia de pago',
];
/** Every order, as an admin sees them. */
const ADMIN_VIEW = { admin: true, rol: null } as const;
/** Sales read per call to the listing; the export walks every page. */
const BATCH = 200;

/**
 * What the listing does not show, for the sales of one batch: the payment provider's reference of each
 * charge, and what completed refunds gave back (monto_reembolsado, kept with each refund that completes).
 */
async function paymentsOf(db: Db, ids: number[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: venta.id_venta,
            referencia: venta.pago_referencia,
            reembolsado: venta.monto_reembolsado,
          })
          .from(venta)
          .where(inArray(venta.id_venta, ids));
  return {
    references: new Map(rows.map((r) => [r.id, r.referencia])),
    refunded: new Map(rows.map((r) => [r.id, toCents(r.reembolsado)])),
  };
}

/**
 * GET /api/venta/export.csv: the filtered orders, one row per order, newest first, through the same
 * listing as the orders history; UTF-8 with a byte-order mark. Each row reconciles: subtotal + shipping is
 * the order's total; what was charged (nothing for an attempt whose payment did not go through) minus what
 * refunds gave back so far is the net, so the net column sums to what the shop kept.
 */
export async function exportOrdersCsv({
  db,
  query,
  timeZone,
  currency,
}: {
  db: Db;
  query: OrdersExportQuery;
  /** SHOP_TIMEZONE: the days of the filter and the dates written. */
  timeZone: string;
  /** SHOP_CURRENCY: the amounts' decimals. */
  currency: CurrencyCode;
}) {
  const money = (cents: number) => plainAmount(cents, currency);
  const rows: CsvValue[][] = [header(currency)];
  const seen = new Set<number>();
  for (let page = 1; ; page++) {
    const result = await listOrders({
      db,
      viewer: ADMIN_VIEW,
      query: { ...query, page, pageSize: BATCH },
      timeZone,
    });
    // A order placed while the export pages through shifts the pages by one; never write it twice.
    const orders = result.items.filter((order) => !seen.has(order.id_venta));
    for (const order of orders) seen.add(order.id_venta);
    const { references, refunded } = await paymentsOf(
      db,
      orders.map((o) => o.id_venta),
    );
    for (const order of orders) {
      const subtotal = order.detalle_venta.reduce((sum, line) => sum + toCents(line.valor_total_cantidad), 0);
      const charged = isOrder(order.estado) ? toCents(order.valor_total_venta) : 0;
      const back = refunded.get(order.id_venta) ?? 0;
      rows.push([
        order.numero_pedido ?? '',
        // '2026-11-21 18:10:24', local time: the form spreadsheets recognise as a date and time.
        dateTimeInTimeZone(new Date(order.fecha), timeZone),
        order.Usuario
          ? `${order.Usuario.primer_nombre} ${order.Usuario.primer_apellido}`
          : (order.invitado?.nombre ?? ''),
        order.Usuario?.email ?? order.invitado?.email ?? '',
        ORDER_STATE_LABELS[order.estado],
        order.detalle_venta
          // A variant's SKU is what the owner picks by; a product without options keeps its old text.
          .map(
            (line) =>
              `${line.cantidad} × ${lineName(line.Producto.nombre, line.variante)}${line.variante ? ` [${line.sku}]` : ''}`,
          )
          .join('; '),
        money(subtotal),
        money(toCents(order.costo_envio)),
        money(charged),
        money(back),
        money(charged - back),
        currency,
        references.get(order.id_venta) ?? '',
      ]);
    }
    if (result.items.length < BATCH) break;
  }
  return `${UTF8_BOM}${toCsv(rows)}`;
}

/** 'ventas-2026-11-01-2026-11-30.csv'; an open end reads 'inicio' or today's date in the shop. */
export function exportFileName(query: OrdersExportQuery, timeZone: string, now = new Date()): string {
  return `ventas-${query.desde ?? 'inicio'}-${query.hasta ?? dayInTimeZone(now, timeZone)}.csv`;
}
