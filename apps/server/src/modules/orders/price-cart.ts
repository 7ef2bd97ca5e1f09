import {
  type CartQuote,
  type CartQuoteInput,
  type CurrencyCode,
  centsToDecimal,
  dayInTimeZone,
  deliveryCents,
  destinationProblem,
  fromCents,
  moneyFormatter,
  type OrderPricing,
  type PromotionRule,
  priceOrder,
  type ShippingDestination,
  type ShippingSettings,
} from '@vitrina/shared';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { usuario, venta, ventaPromocion } from '../../db/schema';
import { badRequest } from '../../errors';
import { priceLines, type TakenLine } from '../catalog';
import { type PromotionRow, promotionsFor } from '../promotions';

/*
 * A cart's price with the shop's promotions (docs/decisions/073-promotions.md): the one arithmetic of the
 * cart's quote and of the sale, packages/shared's priceOrder fed from the database. Uses are counted from
 * the sales that got each promotion (venta_promocion), failed payment attempts aside, so a declined card
 * gives its use back.
 */

export interface CartPricingOptions {
  lines: readonly TakenLine[];
  code: string | undefined;
  /**
   * Who buys: their own uses of each promotion count against usos_por_cliente, by e-mail, so an account
   * and the guest orders of its e-mail are one customer (decision 085); null: a visitor's quote.
   */
  buyer: { id: number } | { email: string } | null;
  currency: CurrencyCode;
  timeZone: string;
  /** The shop's shipping zones and pickup, as the settings were read (settingsNow). */
  shipping: ShippingSettings;
  /** Where the order goes: its rate is its region's (decision 082). */
  destination: ShippingDestination;
  /** Inside a sale's transaction: lock the limited promotions until the sale commits (promotionsFor). */
  lock?: boolean;
  /** The automatic promotions, as the settings were read (settingsNow). */
  automatic: readonly PromotionRow[];
}

export async function priceCart(
  tx: Db | Tx,
  {
    lines,
    code,
    buyer,
    currency,
    timeZone,
    shipping,
    destination,
    lock = false,
    automatic,
  }: CartPricingOptions,
): Promise<OrderPricing> {
  const problem = destinationProblem(destination, shipping, currency);
  if (problem) throw badRequest(problem);
  const promotions = await promotionsFor(tx, code, { automatic, lock });
  const candidates = [...promotions.automatic, ...(promotions.code?.rule ? [promotions.code.rule] : [])];
  const usage = await usesOf(tx, candidates, buyer);
  return priceOrder({
    lines,
    automatic: promotions.automatic,
    code: promotions.code,
    usage: (rule) => usage.get(rule.id) ?? { total: 0, byCustomer: 0 },
    shippingFor: (subtotal) => deliveryCents(subtotal, shipping, destination),
    today: dayInTimeZone(new Date(), timeZone),
    currency,
    money: moneyFormatter(currency),
  });
}

/** How many sales got each limited promotion, in all and by the buyer. Unlimited ones are not counted. */
async function usesOf(tx: Db | Tx, rules: readonly PromotionRule[], buyer: CartPricingOptions['buyer']) {
  const limited = rules.filter((rule) => rule.usos_max !== null || rule.usos_por_cliente !== null);
  const uses = new Map<number, { total: number; byCustomer: number }>();
  if (limited.length === 0) return uses;
  const rows = await tx
    .select({
      id: ventaPromocion.id_promocion,
      total: count(),
      byCustomer:
        buyer === null
          ? sql<number>`0`
          : sql<number>`count(*) FILTER (WHERE coalesce(${venta.email_invitado}, ${usuario.email}) = ${
              'email' in buyer
                ? buyer.email
                : sql`(SELECT ${usuario.email} FROM ${usuario} WHERE ${usuario.id_usuario} = ${buyer.id})`
            })`,
    })
    .from(ventaPromocion)
    .innerJoin(venta, eq(venta.id_venta, ventaPromocion.id_venta))
    .leftJoin(usuario, eq(usuario.id_usuario, venta.id_usuario))
    .where(
      and(
        inArray(
          ventaPromocion.id_promocion,
          limited.map((rule) => rule.id),
        ),
        ne(venta.estado, 'fallida'),
      ),
    )
    .groupBy(ventaPromocion.id_promocion);
  for (const row of rows) uses.set(row.id, { total: Number(row.total), byCustomer: Number(row.byCustomer) });
  return uses;
}

/** GET /api/cupones: how many sales got each promotion, failed card attempts aside. */
export async function usesByPromotion(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: ventaPromocion.id_promocion, uses: count() })
    .from(ventaPromocion)
    .innerJoin(venta, eq(venta.id_venta, ventaPromocion.id_venta))
    .where(ne(venta.estado, 'fallida'))
    .groupBy(ventaPromocion.id_promocion);
  return new Map(rows.map((row) => [row.id, Number(row.uses)]));
}

/** The promotions a sale got, recorded with it: from then on they count as used. */
export async function recordPromotions(tx: Tx, saleId: number, pricing: OrderPricing): Promise<void> {
  if (pricing.applied.length === 0) return;
  await tx.insert(ventaPromocion).values(
    pricing.applied.map(({ promotion, cents }) => ({
      id_venta: saleId,
      id_promocion: promotion.id,
      codigo: promotion.codigo,
      descuento: centsToDecimal(cents),
    })),
  );
}

/** POST /api/carrito/cotizar: the cart priced now, as a sale placed now would be. */
export async function quoteCart(
  db: Db,
  {
    input,
    ...options
  }: Omit<CartPricingOptions, 'lines' | 'code' | 'lock' | 'destination'> & {
    input: CartQuoteInput;
  },
): Promise<CartQuote> {
  const lines = await priceLines(db, input.detalle_venta);
  const destination: ShippingDestination =
    input.metodo_envio === 'retiro'
      ? { metodo: 'retiro' }
      : { metodo: 'domicilio', region: input.region ?? input.direccion_envio?.region };
  const pricing = await priceCart(db, { ...options, lines, code: input.cupon, destination });
  return {
    subtotal: fromCents(pricing.subtotalCents),
    descuento: fromCents(pricing.discountCents),
    envio: fromCents(pricing.shippingCents),
    total: fromCents(pricing.totalCents),
    cupon: pricing.cupon,
    promociones: pricing.applied.map(({ promotion, cents }) => ({
      codigo: promotion.codigo,
      descuento: fromCents(cents),
    })),
  };
}
