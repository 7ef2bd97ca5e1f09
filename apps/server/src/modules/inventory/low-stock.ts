import { dayInTimeZone, type LowStockItem, lineName, PAGES, pagePath, variantLabel } from '@vitrina/shared';
import { and, asc, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { avisoStockBajo, producto, variante } from '../../db/schema';
import { lowStockMail, queueMail, type ShopIdentity } from '../mail';
import { currentShop, readInventorySettings } from '../settings';

/*
 * Variants running low (docs/decisions/090-low-stock.md): active variants of active products whose units
 * are at or below their own threshold, else the shop's default (isLowStock in packages/shared, said here
 * in SQL). The dashboard lists them; once a shop day, when any is low, the shop gets one e-mail. Like the
 * dashboard, this reads the catalog's tables and writes none of them; it owns aviso_stock_bajo.
 */

/** Variants the digest names; the rest are counted ('Y 12 más'). */
const DIGEST_ITEMS = 50;

/**
 * The low variants, fewest units first (up to `limit`), and how many there are. `onSale` leaves out the
 * variants of products sold out altogether, which the dashboard lists apart ('Agotados').
 */
export async function listLowStockVariants(
  db: Db | Tx,
  { limit, onSale = false }: { limit: number; onSale?: boolean },
): Promise<{ total: number; items: LowStockItem[]; shopDefault: number }> {
  const shopDefault = (await readInventorySettings(db)).stock_minimo;
  const threshold = sql<number>`coalesce(${variante.stock_minimo}, ${shopDefault}::integer)`.mapWith(Number);
  const low = and(
    eq(producto.estado, true),
    eq(variante.estado, true),
    lte(variante.stock, threshold),
    onSale ? gt(producto.stock, 0) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id_producto: producto.id_producto,
        id_variante: variante.id_variante,
        nombre: producto.nombre,
        opciones: producto.opciones,
        valores: variante.valores,
        sku: variante.sku,
        stock: variante.stock,
        stock_minimo: threshold,
      })
      .from(variante)
      .innerJoin(producto, eq(producto.id_producto, variante.id_producto))
      .where(low)
      .orderBy(asc(variante.stock), asc(producto.nombre), asc(variante.id_variante))
      .limit(limit),
    db
      .select({ total: count() })
      .from(variante)
      .innerJoin(producto, eq(producto.id_producto, variante.id_producto))
      .where(low),
  ]);
  const items = rows.map(({ opciones, valores, ...row }) => ({
    ...row,
    variante: variantLabel(opciones, valores),
  }));
  return { total: totals[0]?.total ?? 0, items, shopDefault };
}

/**
 * Queues today's low-stock digest (the shop's calendar day) to the shop's contact address when something
 * is low and no process has yet; answers the day it queued, or null. As the daily order summary does
 * (decision 083), the day's row, inserted in the transaction that queues the message, lets only one
 * process send it; a day when nothing is low leaves no row, so a variant that runs low later that day
 * still gets its e-mail.
 */
export async function queueLowStockDigest({
  db,
  shop: base,
  now = new Date(),
}: {
  db: Db;
  shop: ShopIdentity;
  now?: Date;
}): Promise<string | null> {
  const day = dayInTimeZone(now, base.timeZone);
  // Sent today already: the loop's usual answer, without reading the variants.
  const [sent] = await db.select().from(avisoStockBajo).where(eq(avisoStockBajo.dia, day));
  if (sent) return null;
  return db.transaction(async (tx) => {
    const { total, items } = await listLowStockVariants(tx, { limit: DIGEST_ITEMS });
    if (total === 0) return null;
    const [claimed] = await tx.insert(avisoStockBajo).values({ dia: day }).onConflictDoNothing().returning();
    if (!claimed) return null;
    const shop = await currentShop(tx, base);
    await queueMail(
      tx,
      lowStockMail(shop.contactEmail, {
        shopName: shop.shopName,
        logoUrl: shop.logoUrl,
        items: items.map((item) => ({
          nombre: lineName(item.nombre, item.variante),
          sku: item.sku,
          stock: item.stock,
          stockMinimo: item.stock_minimo,
          editUrl: `${shop.publicUrl}${pagePath(PAGES.editProduct, item.id_producto)}`,
        })),
        more: total - items.length,
        dashboardUrl: `${shop.publicUrl}${PAGES.adminHome.path}`,
      }),
    );
    return day;
  });
}
