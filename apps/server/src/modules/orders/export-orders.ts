import {
  type CurrencyCode,
  dateTimeInTimeZone,
  dayInTimeZone,
  type OrderStateFilter,
  plainAmount,
  toCents,
} from '@vitrina/shared';
import type { Db } from '../../db/client';
import { type CsvValue, toCsv, UTF8_BOM } from './csv';
import { listOrders } from './list-orders';

export interface OrdersExportQuery {
  /** Calendar days 'YYYY-MM-DD', both included, in the shop's time zone (as the orders history filters them). */
  desde?: string | undefined;
  hasta?: string | undefined;
  /** Absent = paid orders; 'todas' = every attempt. */
  estado?: OrderStateFilter | undefined;
}

const HEADER = [
  'fecha',
  'id_venta',
  'estado',
  'cliente',
  'email',
  'producto',
  'cantidad',
  'valor_unitario',
  'subtotal',
  'total_venta',
];
/** Every order, as an admin sees them. */
const ADMIN_VIEW = { admin: true } as const;
/** Sales read per call to the listing; the export walks every page. */
const BATCH = 200;

/**
 * GET /api/venta/export.csv: the filtered orders, one row per order line, newest first, through the same
 * listing as the orders history. UTF-8 with a byte-order mark.
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
  /**
   * Currency units as text a spreadsheet reads as a number, in the currency's decimals ('199.90', '12990'
   * in CLP), with a point: the comma separates the columns.
   */
  const money = (units: number) => plainAmount(toCents(units), currency);
  const rows: CsvValue[][] = [HEADER];
  const seen = new Set<number>();
  for (let page = 1; ; page++) {
    const result = await listOrders({
      db,
      viewer: ADMIN_VIEW,
      query: { ...query, page, pageSize: BATCH },
      timeZone,
    });
    for (const order of result.items) {
      // A order placed while the export pages through shifts the pages by one; never write it twice.
      if (seen.has(order.id_venta)) continue;
      seen.add(order.id_venta);
      const cliente = order.Usuario ? `${order.Usuario.primer_nombre} ${order.Usuario.primer_apellido}` : '';
      for (const line of order.detalle_venta) {
        rows.push([
          // '2026-11-21 18:10:24', local time: the form spreadsheets recognise as a date and time.
          dateTimeInTimeZone(new Date(order.fecha), timeZone),
          order.id_venta,
          order.estado,
          cliente,
          order.Usuario?.email ?? '',
          line.Producto.nombre,
          line.cantidad,
          money(line.valor_unitario),
          money(line.valor_total_cantidad),
          money(order.valor_total_venta),
        ]);
      }
    }
    if (result.items.length < BATCH) break;
  }
  return `${UTF8_BOM}${toCsv(rows)}`;
}

/** 'ventas-2026-11-01-2026-11-30.csv'; an open end reads 'inicio' or today's date in the shop. */
export function exportFileName(query: OrdersExportQuery, timeZone: string, now = new Date()): string {
  return `ventas-${query.desde ?? 'inicio'}-${query.hasta ?? dayInTimeZone(now, timeZone)}.csv`;
}
