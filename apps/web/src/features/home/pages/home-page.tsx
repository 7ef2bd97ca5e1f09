import { Loader } from '../../../components/loader';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCategories, useDiscountedProducts } from '../../catalog';
import { CategorySection } from '../components/category-section';
import { OffersCarousel } from '../components/offers-carousel';
import { PromoBanner } from '../components/promo-banner';
import styles from './home-page.module.css';

/** `/`: promo banner, offers carousel and the category browser. */
export function HomePage() {
  useDocumentTitle(null);
  const offers = useDiscountedProducts();
  const categories = useCategories();

  return (
    <div className={styles.home}>
      <PromoBanner />
      {offers.isPending ? (
        <Loader label="Cargando ofertas…" />
      ) : offers.isError ? (
        <p role="alert">{errorMessage(offers.error)}</p>
      ) : offers.data.items.length > 0 ? (
        <OffersCarousel products={offers.data.items} />
      ) : null}
      {categories.isPending ? (
        <Loader label="Cargando categorías…" />
      ) : categories.isError ? (
        <p role="alert">{errorMessage(categories.error)}</p>
      ) : (
        <CategorySection categories={categories.data} />
      )}
    </div>
  );
}
