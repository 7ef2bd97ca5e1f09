import { PHOTO_SIZES, type Product, photoSrcSet } from '@vitrina/shared';
import { Link } from 'react-router';
import { priceView } from '../lib/pricing';
import { DiscountBadge, Price } from './price';
import styles from './product-card.module.css';
import { PRODUCT_IMAGE_SIZE } from './product-image';

/** What a product tile shows of a product; `precio_varia`: its variants' prices differ ('Desde $…'). */
export type CardProduct = Pick<Product, 'id_producto' | 'nombre' | 'imagen' | 'valor' | 'valor_descuento'> &
  Partial<Pick<Product, 'precio_varia'>>;

export interface ProductCardProps {
  product: CardProduct;
  /** Load the image at once (first row of a grid); otherwise it is lazy. */
  eager?: boolean;
  headingLevel?: 2 | 3;
}

/** A product tile: the whole card is clickable through the link named by the product name. */
export function ProductCard({ product, eager = false, headingLevel = 2 }: ProductCardProps) {
  const { percent } = priceView(product.valor, product.valor_descuento);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <img
          src={product.imagen}
          srcSet={photoSrcSet(product.imagen)}
          sizes={PHOTO_SIZES.card}
          alt={product.nombre}
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={styles.image}
        />
        {percent !== null && <DiscountBadge percent={percent} className={styles.badge} />}
      </div>
      <div className={styles.body}>
        <Heading className={styles.name}>
          <Link to={`/products/${product.id_producto}`} className={styles.link}>
            {product.nombre}
          </Link>
        </Heading>
        <Price
          valor={product.valor}
          valorDescuento={product.valor_descuento}
          from={product.precio_varia === true}
        />
      </div>
    </article>
  );
}
