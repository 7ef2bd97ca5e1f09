import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  ADMIN_PRODUCTS_PAGER_WINDOW,
  PAGES,
  showsPager,
  totalPages,
} from '@vitrina/shared';
import { type FormEvent, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Pager } from '../../../components/pager';
import { TextField } from '../../../components/text-field';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminProducts } from '../api/get-admin-products';
import { useInventorySettings } from '../api/inventory-settings';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { AdminTabs, tabId, tabPanelId } from '../components/admin-tabs';
import { ProductsTable } from '../components/products-table';
import { cleanSearch, parsePage } from '../utils/search-params';

type Tab = 'habilitados' | 'inactivos';
const TABS = [
  { value: 'habilitados', label: 'Productos habilitados' },
  { value: 'inactivos', label: 'Productos inactivos' },
] as const satisfies ReadonlyArray<{ value: Tab; label: string }>;
const TABS_ID = 'admin-productos';

/**
 * /products/admin (SPEC §2): every product by name and by state, 20 a page with a window of 10 page
 * buttons. The search, the tab and the page live in the URL (?name=&tab=inactivos&page=2).
 */
export function ProductsPage() {
  useDocumentTitle(PAGES.adminProducts.title);
  const [search, setSearch] = useSearchParams();
  const name = search.get('name')?.trim() ?? '';
  const tab: Tab = search.get('tab') === 'inactivos' ? 'inactivos' : 'habilitados';
  const page = parsePage(search.get('page'));
  const products = useAdminProducts({ name, estado: tab === 'habilitados', page });
  // The shop's low-stock threshold is the owner's setting; staff see the variants low by the default.
  const { user } = useSession();
  const inventory = useInventorySettings({ enabled: Boolean(user?.admin) });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tabLabel = TABS.find((t) => t.value === tab)?.label ?? '';

  const update = (next: { name?: string; tab?: Tab; page?: number }) =>
    setSearch(
      cleanSearch({
        name: next.name ?? name,
        tab: (next.tab ?? tab) === 'inactivos' ? 'inactivos' : '',
        page: next.page ?? 1,
      }),
    );

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('name');
    update({ name: typeof value === 'string' ? value.trim() : '', page: 1 });
  };

  const goTo = (next: number) => {
    update({ page: next });
    headingRef.current?.focus();
    window.scrollTo?.({ top: 0 });
  };

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Gestionar productos" headingRef={headingRef}>
        <Link to="/producto" className={buttonClass('primary')}>
          Crear producto
        </Link>
        {/* The staff who run the catalog reach the CSV here: Ajustes is the owner's. */}
        <Link to={PAGES.adminImport.path}>Importar / Exportar</Link>
      </AdminPageHeader>

      {/* biome-ignore lint/a11y/useSemanticElements: role=search on a form works in every browser; <search> does not yet */}
      <form role="search" className={styles.toolbar} onSubmit={onSearch}>
        {/* Re-mounted when the URL's name changes (back/forward), so the box shows the search in use. */}
        <TextField
          key={name}
          label="Buscar producto"
          type="search"
          name="name"
          defaultValue={name}
          maxLength={100}
        />
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
        {name && (
          <Button variant="ghost" onClick={() => update({ name: '', page: 1 })}>
            Limpiar búsqueda
          </Button>
        )}
      </form>

      <AdminTabs
        tabs={TABS}
        selected={tab}
        onSelect={(value) => update({ tab: value, page: 1 })}
        idPrefix={TABS_ID}
        label="Estado de los productos"
      />
      <div id={tabPanelId(TABS_ID)} role="tabpanel" aria-labelledby={tabId(TABS_ID, tab)}>
        {products.isPending ? (
          <Loader label="Cargando productos…" />
        ) : products.isError ? (
          <LoadError
            className={styles.message}
            what="los productos"
            error={products.error}
            onRetry={products.refetch}
            retrying={products.isFetching}
          />
        ) : products.data.items.length === 0 ? (
          <div className={styles.message}>
            <p>{name ? 'No hay coincidencias' : `No hay ${tabLabel.toLowerCase()}`}</p>
          </div>
        ) : (
          <div className={styles.page} aria-busy={products.isPlaceholderData || undefined}>
            <ProductsTable
              products={products.data.items}
              lowStockDefault={inventory.data?.stock_minimo}
              caption={`${tabLabel}${name ? ` que coinciden con «${name}»` : ''}: ${products.data.total}`}
            />
            {showsPager(products.data.total, ADMIN_PRODUCTS_PAGE_SIZE) && (
              <Pager
                page={page}
                totalPages={totalPages(products.data.total, ADMIN_PRODUCTS_PAGE_SIZE)}
                windowSize={ADMIN_PRODUCTS_PAGER_WINDOW}
                onPageChange={goTo}
                label="Páginas de productos"
              />
            )}
          </div>
        )}
      </div>
    </div>
  );
}
