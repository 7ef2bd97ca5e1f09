import { CATEGORIES, LISTING_PAGE_SIZE, listingSearch, PAGES, showsPager, totalPages } from '@vitrina/shared';
import { Suspense } from 'react';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Pager } from '../../../components/pager';
import { lazyComponent } from '../../../lib/load-chunk';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCategories } from '../api/get-categories';
import { useFacets } from '../api/get-facets';
import { type TilePage, useProducts } from '../api/get-products';
import { ListingSidebar, type SidebarCategory } from '../components/listing-sidebar';
import { ProductGrid } from '../components/product-grid';
import { useListingParams } from '../hooks/use-listing-params';
import { listingPath } from '../utils/listing-params';
import styles from './listing-page.module.css';

const FALLBACK_CATEGORIES: readonly SidebarCategory[] = CATEGORIES;

/** Only an empty listing shows it (with its correction and best sellers), so its code loads then. */
const NoResults = lazyComponent(() => import('../components/no-results').then((m) => m.NoResults));

/** /products/todos (also search results) and /products/categoria/:id. */
export function ListingPage() {
  const { params, categoria, setFilters } = useListingParams();
  const categoriesQuery = useCategories();
  const productsQuery = useProducts(params);
  const facetsQuery = useFacets(params);

  const categories: readonly SidebarCategory[] =
    categoriesQuery.data?.map((c) => ({
      id: c.id_categoria_producto,
      nombre: c.nombre_categoria_producto,
    })) ?? FALLBACK_CATEGORIES;
  const categoryName = categories.find((c) => c.id === categoria)?.nombre;
  const heading = params.name
    ? `Resultados para "${params.name}"`
    : categoria !== undefined
      ? (categoryName ?? 'Categoría')
      : PAGES.allProducts.title;
  useDocumentTitle(heading);

  const data = productsQuery.data;
  const pages = data ? totalPages(data.total, LISTING_PAGE_SIZE) : 1;

  return (
    <div className={styles.layout}>
      <header className={styles.header}>
        <h1 className={styles.heading}>{heading}</h1>
        <p className={styles.count} aria-live="polite">
          {data ? productCount(data) : ''}
        </p>
      </header>
      <ListingSidebar
        params={params}
        categories={categories}
        facets={facetsQuery.data}
        onChange={setFilters}
      />
      <section className={styles.results} aria-label="Productos">
        {productsQuery.isPending ? (
          <Loader label="Cargando productos…" />
        ) : productsQuery.isError ? (
          <LoadError
            what="los productos"
            error={productsQuery.error}
            onRetry={productsQuery.refetch}
            retrying={productsQuery.isFetching}
          />
        ) : (
          <>
            {data && data.items.length > 0 ? (
              <ProductGrid products={data.items} />
            ) : (
              <Suspense fallback={null}>
                <NoResults name={params.name} />
              </Suspense>
            )}
            {data && showsPager(data.total, LISTING_PAGE_SIZE) && (
              <Pager
                page={Math.min(params.page, pages)}
                totalPages={pages}
                pageHref={(page) => `${listingPath(categoria)}${listingSearch({ ...params, page })}`}
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}

/** A search past SEARCH_MAX_RESULTS counts only that many: it says there are more. */
function productCount({ total, hay_mas }: TilePage): string {
  if (hay_mas) return `Más de ${total} productos`;
  return `${total} ${total === 1 ? 'producto' : 'productos'}`;
}
