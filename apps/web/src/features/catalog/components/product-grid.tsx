import { type CardProduct, ProductCard } from '../../../components/product-card';
import styles from './product-grid.module.css';

/** Cards in the first row load at once (they are above the fold); the rest lazily. */
const EAGER_CARDS = 4;

export function ProductGrid({ products }: { products: readonly CardProduct[] }) {
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id_producto}>
          <ProductCard product={product} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
