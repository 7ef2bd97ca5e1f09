import {
  ACTIVE_ORDER_STATES,
  AWAITING_PAYMENT_STATES,
  type CurrencyCode,
  DASHBOARD_DAYS,
  DASHBOARD_RECENT_AUDIT,
  DASHBOARD_STOCK_LIST_SIZE,
  DASHBOARD_TOP_PRODUCTS,
  type Dashboard,
  dayInTimeZone,
  fromCents,
  type SalesFigures,
} from '@vitrina/shared';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { detalleVenta, producto, usuario, venta } from '../../db/schema';
import { dayOf, startOfDay } from '../../db/shop-days';
import { latestAuditEntries } from '../audit';
import { listLowStockVariants } from '../inventory';
import { failedMailCount } from '../mail';

/*
 * The admin's dashboard: read-only figures over sales, stock and accounts. A report reads across the
 * tables of several modules at once (one query per figure instead of walking every sale through the
 * checkout service); it never writes, so the owners' rules are not bypassed.
 *
 * "A day" is a calendar day in `timeZone`, the shop's SHOP_TIMEZONE (as the sales history's date filter
 * and the CSV export read it): a sale at 20:00 in Mexico City counts on that day, not on the next.
 */

export interface DashboardOptions {
  /** SHOP_TIMEZONE, an IANA name. */
  timeZone: string;
  /** SHOP_CURRENCY: how the recent audit entries write amounts. */
  currency: CurrencyCode;
  now?: Date;
}

/** The calendar day `offset` days after `day` ('YYYY-MM-DD'; negative goes back). */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * 864e5).toISOString().slice(0, 10);
}

/** Money summed by PostgreSQL as whole cents (numeric × 100 is exact), read as a JS number. */
const centsSum = (column: SQL | AnyColumn) =>
  sql<number>`coalesce(sum(${column} * 100), 0)::bigint`.mapWith(Number);

function figures(cents: number, ventas: number): SalesFigures {
  return {
    ingresos: fromCents(cents),
    ventas,
    ticket_promedio: ventas === 0 ? 0 : fromCents(Math.round(cents / ventas)),
  };
}

export async function dashboardSummary(db: Db, options: DashboardOptions): Promise<Dashboard> {
  const now = options.now ?? new Date();
  const { timeZone } = options;
  const today = dayInTimeZone(now, timeZone);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => addDays(today, i - DASHBOARD_DAYS + 1));
  // Orders the shop keeps the money of; what partial refunds gave back is taken off below.
  const paidInWindow = and(
    inArray(venta.estado, [...ACTIVE_ORDER_STATES]),
    gte(venta.fecha, startOfDay(days[0] as string, timeZone)),
    lt(venta.fecha, startOfDay(today, timeZone, 1)),
  );

  const [perDay, top, stockCounts, outOfStock, lowStock, customers, auditoria, toDo] = await Promise.all([
    db
      .select({
        fecha: dayOf(venta.fecha, timeZone),
        cents: centsSum(sql`(${venta.valor_total_venta} - ${venta.monto_reembolsado})`),
        ventas: count(),
      })
      .from(venta)
      .where(paidInWindow)
      // By position: the day expression carries a bound parameter, which GROUP BY could not repeat.
      .groupBy(sql`1`),
    db
      .select({
        id_producto: producto.id_producto,
        nombre: producto.nombre,
        unidades:
          sql<number>`sum(${detalleVenta.cantidad} - ${detalleVenta.cantidad_reembolsada})::int`.mapWith(
            Number,
          ),
        cents: centsSum(
          sql`(${detalleVenta.valor_unitario} * (${detalleVenta.cantidad} - ${detalleVenta.cantidad_reembolsada}))`,
        ),
      })
      .from(detalleVenta)
      .innerJoin(venta, eq(venta.id_venta, detalleVenta.id_venta))
      .innerJoin(producto, eq(producto.id_producto, detalleVenta.id_producto))
      .where(paidInWindow)
      .groupBy(producto.id_producto, producto.nombre)
      .orderBy(
        desc(sql`sum(${detalleVenta.cantidad} - ${detalleVenta.cantidad_reembolsada})`),
        desc(
          sql`sum(${detalleVenta.valor_unitario} * (${detalleVenta.cantidad} - ${detalleVenta.cantidad_reembolsada}))`,
        ),
        asc(producto.id_producto),
      )
      .limit(DASHBOARD_TOP_PRODUCTS),
    db
      .select({ agotados: count() })
      .from(producto)
      .where(and(eq(producto.estado, true), eq(producto.stock, 0))),
    db
      .select({ id_producto: producto.id_producto, nombre: producto.nombre, stock: producto.stock })
      .from(producto)
      .where(and(eq(producto.estado, true), eq(producto.stock, 0)))
      .orderBy(asc(producto.nombre), asc(producto.id_producto))
      .limit(DASHBOARD_STOCK_LIST_SIZE),
    listLowStockVariants(db, { limit: DASHBOARD_STOCK_LIST_SIZE, onSale: true }),
    db
      .select({
        total: count(),
        baneados: sql<number>`count(*) filter (where not ${usuario.estado})`.mapWith(Number),
      })
      .from(usuario)
      .where(eq(usuario.admin, false)),
    latestAuditEntries(db, DASHBOARD_RECENT_AUDIT, options.currency),
    db
      .select({
        porPreparar: sql<number>`count(*) filter (where ${venta.estado} = 'pagada')`.mapWith(Number),
        porPagar:
          sql<number>`count(*) filter (where ${inArray(venta.estado, [...AWAITING_PAYMENT_STATES])})`.mapWith(
            Number,
          ),
        pagosTardios:
          sql<number>`count(*) filter (where ${venta.pago_tardio_referencia} is not null)`.mapWith(Number),
      })
      .from(venta)
      .where(
        or(
          inArray(venta.estado, ['pagada', ...AWAITING_PAYMENT_STATES]),
          isNotNull(venta.pago_tardio_referencia),
        ),
      ),
  ]);

  const byDay = new Map(perDay.map((d) => [d.fecha, d]));
  const series = days.map((fecha) => ({
    fecha,
    cents: byDay.get(fecha)?.cents ?? 0,
    ventas: byDay.get(fecha)?.ventas ?? 0,
  }));
  const lastDays = (n: number) => {
    const slice = series.slice(-n);
    return figures(
      slice.reduce((sum, d) => sum + d.cents, 0),
      slice.reduce((sum, d) => sum + d.ventas, 0),
    );
  };

  return {
    generado: now.toISOString(),
    zona_horaria: timeZone,
    ventas: { hoy: lastDays(1), ultimos_7_dias: lastDays(7), ultimos_30_dias: lastDays(DASHBOARD_DAYS) },
    ingresos_por_dia: series.map((d) => ({ fecha: d.fecha, ingresos: fromCents(d.cents), ventas: d.ventas })),
    mas_vendidos: top.map(({ cents, ...p }) => ({ ...p, ingresos: fromCents(cents) })),
    inventario: {
      umbral_stock_bajo: lowStock.shopDefault,
      agotados: stockCounts[0]?.agotados ?? 0,
      stock_bajo: lowStock.total,
      lista_agotados: outOfStock,
      lista_stock_bajo: lowStock.items,
    },
    clientes: { total: customers[0]?.total ?? 0, baneados: customers[0]?.baneados ?? 0 },
    auditoria_reciente: auditoria,
    pedidos_por_preparar: toDo[0]?.porPreparar ?? 0,
    pedidos_por_pagar: toDo[0]?.porPagar ?? 0,
    pagos_tardios: toDo[0]?.pagosTardios ?? 0,
    correos_fallidos: await failedMailCount(db),
  };
}
