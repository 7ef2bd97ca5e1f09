import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
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
        <LoadError
          what="las ofertas"
          error={offers.error}
          onRetry={offers.refetch}
          retrying={offers.isFetching}
        />
      ) : offers.data.length > 0 ? (
        <OffersCarousel products={offers.data} />
      ) : null}
      {categories.isPending ? (
        <Loader label="Cargando categorías…" />
      ) : categories.isError ? (
        <LoadError
          what="las categorías"
          error={categories.error}
          onRetry={categories.refetch}
          retrying={categories.isFetching}
        />
      ) : (
        <CategorySection categories={categories.data} />
      )}
    </div>
  );
}
