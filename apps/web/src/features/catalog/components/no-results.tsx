import { listingSearch, PAGES } from '@vitrina/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import warningImage from '../../../assets/warning.svg';
import { ProductCard } from '../../../components/product-card';
import { useNoResults } from '../api/get-no-results';
import styles from './no-results.module.css';
import gridStyles from './product-grid.module.css';

/**
 * An empty listing: 'No hay coincidencias' (SPEC §2). After a search, also the products it finds that are
 * sold out for now, the closest spelling that does find products ('¿Quisiste decir …?') and a few best
 * sellers, so the shopper is never left with nothing.
 */
export function NoResults({ name }: { name?: string | undefined }) {
  return (
    <>
      <div className={styles.empty}>
        <img src={warningImage} alt="" width={120} height={120} />
        <p className={styles.message}>No hay coincidencias</p>
        {name && <SoldOut name={name} />}
        {name && <Correction name={name} />}
        <p className={styles.hint}>Prueba con otras palabras o quita algunos filtros.</p>
        <Link to={PAGES.allProducts.path}>Ver todos los productos</Link>
      </div>
      {name && <BestSellers name={name} />}
    </>
  );
}

/** What the search would find were it in stock: SPEC keeps sold-out products out of listings. */
function SoldOut({ name }: { name: string }) {
  const { data } = useNoResults(name);
  if (!data || data.agotados.length === 0) return null;
  return (
    <>
      {data.agotados.map((product) => (
        <p key={product} className={styles.correction}>
          El producto «{product}» está agotado por ahora.
        </p>
      ))}
    </>
  );
}

function Correction({ name }: { name: string }) {
  const { data } = useNoResults(name);
  if (!data?.correccion) return null;
  return (
    <p className={styles.correction}>
      ¿Quisiste decir{' '}
      <Link to={`${PAGES.allProducts.path}${listingSearch({ name: data.correccion })}`}>
        {data.correccion}
      </Link>
      ?
    </p>
  );
}

function BestSellers({ name }: { name: string }) {
  const { data } = useNoResults(name);
  const titleId = useId();
  if (!data || data.productos.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={styles.bestSellers}>
      <h2 id={titleId} className={styles.title}>
        Lo más vendido
      </h2>
      <ul className={gridStyles.grid}>
        {data.productos.map((product) => (
          <li key={product.id_producto}>
            <ProductCard product={product} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
