import {
  adminRatingSchema,
  dayInTimeZone,
  type OrderSummary,
  orderSummaryLineSchema,
  orderSummarySchema,
  type Product,
  productSchema,
  type Usuario,
  usuarioSchema,
} from '@vitrina/shared';
import { z } from 'zod';

/*
 * The answers of SPEC §7 as BrandonFabila/Henry-Market-Front reads them: whole lists as arrays, the
 * Sequelize-style names it reads (`session.dataValues`, `Detalle_venta`, `Usuario`, `existencia`).
 * Translations only: every value comes from the owning module's answer.
 */

/** At most this many rows in a list answer; the front pages through arrays of everything itself. */
export const SPEC_LIST_MAX = 1000;

/** A product as the front's cards read it: `existencia` is its name for the stock on the listing. */
export const specProductSchema = productSchema.extend({ existencia: z.number().int() });
export type SpecProduct = z.infer<typeof specProductSchema>;

export const toSpecProduct = (product: Product): SpecProduct => ({ ...product, existencia: product.stock });

/** A visible opinion of a product; the front draws only those with `estado`. */
export const specRatingSchema = z.object({
  id_motivo_calificacion: z.number().int(),
  descripcion_motivo: z.string(),
  valor_calificacion: z.number().int(),
  id_producto: z.number().int(),
  estado: z.boolean(),
  autor: z.string(),
  fecha: z.string(),
});

/** Every rating for the admin's table: the shop's admin answer with the front's flat names. */
export const specAdminRatingSchema = adminRatingSchema.extend({ id_usuario: z.number().int().nullable() });

/** A line's product as the history and the sales table read it (see toSpecSale for which price). */
const specLineProductSchema = z.object({
  id_producto: z.number().int(),
  nombre: z.string(),
  imagen: z.string(),
  valor: z.number(),
  valor_descuento: z.number().nullable(),
  stock: z.number().int(),
});

const specLineSchema = orderSummaryLineSchema.extend({ Producto: specLineProductSchema });

const buyerSchema = z.object({
  id_usuario: z.number().int(),
  primer_nombre: z.string(),
  primer_apellido: z.string(),
  email: z.string(),
});

export const specSaleSchema = orderSummarySchema.omit({ Usuario: true, detalle_venta: true }).extend({
  Usuario: buyerSchema,
  detalle_venta: z.array(specLineSchema),
  /** The capitalisation the front reads; the same lines as detalle_venta. */
  Detalle_venta: z.array(specLineSchema),
});
export type SpecSale = z.infer<typeof specSaleSchema>;

/**
 * A sale as the front reads it. `fecha` is the shop's calendar day ('2026-11-21'), as the front prints it
 * after 'Compra realizada el'. A line's `Producto.valor` is the unit price that line was paid (with no
 * `valor_descuento`), because the history shows it as the price 'x unidad' beside the line's total;
 * `stock` is the product's stock now, as the admin's sales table shows it.
 */
export function toSpecSale(
  sale: OrderSummary,
  buyer: z.infer<typeof buyerSchema>,
  stockOf: ReadonlyMap<number, number>,
  timeZone: string,
): SpecSale {
  const { Usuario: _shown, detalle_venta, ...rest } = sale;
  const lines = detalle_venta.map((line) => ({
    ...line,
    Producto: {
      ...line.Producto,
      valor: line.valor_unitario,
      valor_descuento: null,
      stock: stockOf.get(line.id_producto) ?? 0,
    },
  }));
  return {
    ...rest,
    fecha: dayInTimeZone(new Date(sale.fecha), timeZone),
    Usuario: buyer,
    detalle_venta: lines,
    Detalle_venta: lines,
  };
}

/** The user record under the name the front reads it by: Sequelize's `dataValues`. */
export const specSessionSchema = z.object({
  session: z.object({ dataValues: usuarioSchema }),
  token: z.string(),
});

export const toSpecSession = (user: Usuario, token: string) => ({ session: { dataValues: user }, token });
