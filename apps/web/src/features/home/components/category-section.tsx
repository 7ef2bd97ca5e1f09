import { type Category, PAGES, pagePath } from '@vitrina/shared';
import { Link } from 'react-router';
import bannerImage from '../../../assets/category-banner.svg';
import styles from './category-section.module.css';

const CATEGORY_IMAGE = { width: 640, height: 400 };

/** Categories as cards: the first two in a top row, then a banner, then the rest (SPEC §2 Home). */
export function CategorySection({ categories }: { categories: readonly Category[] }) {
  const top = categories.slice(0, 2);
  const rest = categories.slice(2);
  return (
    <section className={styles.section} aria-labelledby="categorias-title">
      <h2 id="categorias-title" className={styles.title}>
        Explora por categoría
      </h2>
      <ul className={`${styles.grid} ${styles.top}`}>
        {top.map((category) => (
          <li key={category.id_categoria_producto}>
            <CategoryCard category={category} />
          </li>
        ))}
      </ul>
      <Link to={PAGES.allProducts.path} className={styles.banner}>
        <img
          src={bannerImage}
          alt="Envíos a todo el país. Compra hoy y recibe en la puerta de tu casa o negocio."
          width={1200}
          height={300}
          loading="lazy"
          decoding="async"
        />
      </Link>
      {rest.length > 0 && (
        <ul className={styles.grid}>
          {rest.map((category) => (
            <li key={category.id_categoria_producto}>
              <CategoryCard category={category} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CategoryCard({ category }: { category: Category }) {
  const name = category.nombre_categoria_producto;
  return (
    <Link to={pagePath(PAGES.category, category.id_categoria_producto)} className={styles.card}>
      <span className={styles.media}>
        <img
          src={category.imagen_categoria_producto}
          alt=""
          width={CATEGORY_IMAGE.width}
          height={CATEGORY_IMAGE.height}
          loading="lazy"
          decoding="async"
        />
        <span className={styles.explore} aria-hidden="true">
          Explorar más en {name}
        </span>
      </span>
      <span className={styles.name}>{name}</span>
    </Link>
  );
}
