import { fromCents, type Product, toCents } from '@vitrina/shared';
import type { categoriaProducto, producto } from '../../db/schema';

type ProductRow = typeof producto.$inferSelect;
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
    estado: row.estado,
    id_categoria_producto: row.id_categoria_producto,
    createdAt: row.created_at.toISOString(),
    calificacion_promedio:
      row.calificacion_cantidad > 0
        ? Math.round((row.calificacion_suma / row.calificacion_cantidad) * 10) / 10
        : null,
    calificaciones_total: row.calificacion_cantidad,
    Categoria_producto: category,
  };
}
