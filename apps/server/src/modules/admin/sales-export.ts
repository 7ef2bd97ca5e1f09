import { centsToDecimal, type SalesEstadoFiltro, toCents } from '@vitrina/shared';
import type { Db } from '../../db/client';
import { listSales } from '../checkout/service';
import { type CsvValue, toCsv, UTF8_BOM } from './csv';

export interface SalesExportQuery {
  /** Calendar days 'YYYY-MM-DD', both included, in UTC (as the sales history filters them). */
  desde?: string | undefined;
  hasta?: string | undefined;
  /** Absent = paid sales; 'todas' = every attempt. */
  estado?: SalesEstadoFiltro | undefined;
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
/** Sales read per call to the checkout service; the export walks every page. */
const BATCH = 200;

/** Currency units as the two-decimal text a spreadsheet reads as a number (199.9 → '199.90'). */
const money = (units: number) => centsToDecimal(toCents(units));
/** '2026-11-21 06:10:24': the form spreadsheets recognise as a date and time (UTC). */
const dateTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/**
 * GET /api/venta/export.csv: the filtered sales, one row per sale line, newest first, through the checkout
 * service's own listing (the sales are its data). UTF-8 with a byte-order mark.
 */
export async function exportSalesCsv(db: Db, admin: { id_usuario: number }, query: SalesExportQuery) {
  const rows: CsvValue[][] = [HEADER];
  const seen = new Set<number>();
  for (let page = 1; ; page++) {
    const result = await listSales(
      db,
      { id_usuario: admin.id_usuario, admin: true },
      { ...query, page, pageSize: BATCH },
    );
    for (const sale of result.items) {
      // A sale placed while the export pages through shifts the pages by one; never write it twice.
      if (seen.has(sale.id_venta)) continue;
      seen.add(sale.id_venta);
      const cliente = sale.Usuario ? `${sale.Usuario.primer_nombre} ${sale.Usuario.primer_apellido}` : '';
      for (const line of sale.detalle_venta) {
        rows.push([
          dateTime(sale.fecha),
          sale.id_venta,
          sale.estado,
          cliente,
          sale.Usuario?.email ?? '',
          line.Producto.nombre,
          line.cantidad,
          money(line.valor_unitario),
          money(line.valor_total_cantidad),
          money(sale.valor_total_venta),
        ]);
      }
    }
    if (result.items.length < BATCH) break;
  }
  return `${UTF8_BOM}${toCsv(rows)}`;
}

/** 'ventas-2026-11-01-2026-11-30.csv'; an open end reads 'inicio' or today's date. */
export function exportFileName(query: SalesExportQuery, now = new Date()): string {
  return `ventas-${query.desde ?? 'inicio'}-${query.hasta ?? now.toISOString().slice(0, 10)}.csv`;
}
