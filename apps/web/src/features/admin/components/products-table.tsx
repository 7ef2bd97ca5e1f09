import { DESCRIPTION_PREVIEW_LENGTH, lowStockVariants, type Product } from '@vitrina/shared';
import { Link } from 'react-router';
import styles from './admin-page.module.css';

/** The description's first 37 characters (SPEC §9), with an ellipsis when there is more. */
export function descriptionPreview(text: string): string {
  return text.length > DESCRIPTION_PREVIEW_LENGTH ? `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH)}…` : text;
}

/** 'Stock bajo: Talla M · Azul (2), Talla S · Rojo (0)', or nothing when no variant runs low. */
function LowStockNote({ product, shopDefault }: { product: Product; shopDefault: number | undefined }) {
  const low = lowStockVariants(product.opciones, product.variantes, shopDefault);
  if (low.length === 0) return null;
  return (
    <span className={styles.lowStock}>
      Stock bajo: {low.map((variant) => `${variant.label} (${variant.stock})`).join(', ')}
    </span>
  );
}

/**
 * The admin product table (SPEC §2): Nombre, Descripción, Stock and the edit link. A product's stock is
 * its active variants' units; the variants running low are named under it.
 */
export function ProductsTable({
  products,
  caption,
  lowStockDefault,
}: {
  products: readonly Product[];
  caption: string;
  /** The shop's low-stock threshold, for variants without their own (the shared default until known). */
  lowStockDefault?: number | undefined;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Nombre</th>
            <th scope="col">Descripción</th>
            <th scope="col" className={styles.number}>
              Stock
            </th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id_producto}>
              <th scope="row">{product.nombre}</th>
              <td data-label="Descripción">{descriptionPreview(product.descripcion_producto)}</td>
              <td className={styles.number} data-label="Stock">
                {product.stock === 0 ? (
                  <span className={`${styles.badge} ${styles.danger}`}>Agotado</span>
                ) : (
                  product.stock
                )}
                <LowStockNote product={product} shopDefault={lowStockDefault} />
              </td>
              <td className={styles.actions}>
                <Link to={`/product/${product.id_producto}`}>Editar</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
