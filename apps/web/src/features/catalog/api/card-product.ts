import type { Product } from '@vitrina/shared';
import type { CardProduct } from '../../../components/product-card';

/**
 * What a listing keeps of a product: its tile. The pages the server renders carry their queries' data for
 * the browser to take over, and a product's description, category and counts are most of its answer but
 * nothing a tile shows.
 */
export function toCardProduct({
  id_producto,
  nombre,
  imagen,
  valor,
  valor_descuento,
  precio_varia,
}: Product): CardProduct {
  return { id_producto, nombre, imagen, valor, valor_descuento, precio_varia };
}
