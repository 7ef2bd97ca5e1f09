import { fromCents, type Product, toCents } from '@vitrina/shared';
import { sql } from 'drizzle-orm';
import { type categoriaProducto, producto, variante } from '../../db/schema';
import { photosColumn } from './photos';

/** A variant as the product's query gathers it: money as text, read exactly. */
interface VariantRow {
  id_variante: number;
  sku: string;
  valores: string[];
  valor: string;
  valor_descuento: string | null;
  stock: number;
  stock_minimo: number | null;
  imagen: string;
  estado: boolean;
}

/** The product's variants in one column of its own row, so every product read stays one query. */
const variantsOfProduct = sql<VariantRow[]>`(SELECT coalesce(jsonb_agg(jsonb_build_object(
    'id_variante', ${variante.id_variante}, 'sku', ${variante.sku}, 'valores', ${variante.valores},
    'valor', ${variante.valor}::text, 'valor_descuento', ${variante.valor_descuento}::text,
    'stock', ${variante.stock}, 'stock_minimo', ${variante.stock_minimo}, 'imagen', ${variante.imagen}, 'estado', ${variante.estado})
    ORDER BY ${variante.id_variante}), '[]'::jsonb)
  FROM ${variante} WHERE ${variante.id_producto} = ${producto.id_producto})`;

/**
 * The columns a product's API shape is made of: every product read selects these, never the whole row,
 * whose search vectors (busqueda, busqueda_completa) are most of its bytes and no answer shows.
 */
export const productColumns = {
  id_producto: producto.id_producto,
  nombre: producto.nombre,
  descripcion_producto: producto.descripcion_producto,
  valor: producto.valor,
  valor_descuento: producto.valor_descuento,
  stock: producto.stock,
  imagen: producto.imagen,
  imagenes: photosColumn,
  estado: producto.estado,
  id_categoria_producto: producto.id_categoria_producto,
  created_at: producto.created_at,
  calificacion_suma: producto.calificacion_suma,
  calificacion_cantidad: producto.calificacion_cantidad,
  opciones: producto.opciones,
  precio_varia: producto.precio_varia,
  variantes: variantsOfProduct,
};

type ProductRow = Pick<
  typeof producto.$inferSelect,
  Exclude<keyof typeof productColumns, 'variantes' | 'imagenes'>
> & {
  variantes: VariantRow[];
  imagenes: Product['imagenes'];
};
type CategoryRow = typeof categoriaProducto.$inferSelect;

const units = (amount: string) => fromCents(toCents(amount));

/** A database row as the API shows it: money in currency units, the category object attached. */
export function toProductDto(row: ProductRow, category: CategoryRow): Product {
  return {
    id_producto: row.id_producto,
    nombre: row.nombre,
    descripcion_producto: row.descripcion_producto,
    valor: units(row.valor),
    valor_descuento: row.valor_descuento === null ? null : units(row.valor_descuento),
    stock: row.stock,
    imagen: row.imagen,
    imagenes: row.imagenes,
    estado: row.estado,
    id_categoria_producto: row.id_categoria_producto,
    createdAt: row.created_at.toISOString(),
    calificacion_promedio:
      row.calificacion_cantidad > 0
        ? Math.round((row.calificacion_suma / row.calificacion_cantidad) * 10) / 10
        : null,
    calificaciones_total: row.calificacion_cantidad,
    Categoria_producto: category,
    opciones: row.opciones,
    variantes: row.variantes.map((v) => ({
      ...v,
      valor: units(v.valor),
      valor_descuento: v.valor_descuento === null ? null : units(v.valor_descuento),
    })),
    precio_varia: row.precio_varia,
  };
}
