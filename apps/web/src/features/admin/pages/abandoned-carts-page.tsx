import {
  ABANDONED_CARTS_PAGE_SIZE,
  PAGES,
  RATINGS_PAGER_WINDOW,
  showsPager,
  totalPages,
} from '@vitrina/shared';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Pager } from '../../../components/pager';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAbandonedCartsPage } from '../api/get-abandoned-carts-page';
import { AbandonedCartsTable } from '../components/abandoned-carts-table';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { cleanSearch, parsePage } from '../utils/search-params';

/**
 * /admin/carritos: the carts customers left with items (docs/decisions/081, 092), latest change first, 20
 * a page: the owner and the staff who manage orders see who to follow up and what the reminders recovered.
 * The page lives in the URL.
 */
export function AbandonedCartsPage() {
  useDocumentTitle(PAGES.adminCarts.title);
  const [search, setSearch] = useSearchParams();
  const page = parsePage(search.get('page'));
  const carts = useAbandonedCartsPage(page);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const goTo = (next: number) => {
    setSearch(cleanSearch({ page: next }));
    headingRef.current?.focus();
    window.scrollTo?.({ top: 0 });
  };

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Carritos olvidados" headingRef={headingRef} />
      <p className={styles.muted}>
        Carritos de clientes, y de invitados que escribieron su correo al pagar, con productos y sin comprar,
        y los que se compraron después de su recordatorio.
      </p>
      {carts.isPending ? (
        <Loader label="Cargando los carritos…" />
      ) : carts.isError ? (
        <LoadError className={styles.message} error={carts.error} onRetry={() => carts.refetch()} />
      ) : (
        <div className={styles.page} aria-busy={carts.isPlaceholderData || undefined}>
          <AbandonedCartsTable carts={carts.data.items} caption={`Carritos olvidados: ${carts.data.total}`} />
          {showsPager(carts.data.total, ABANDONED_CARTS_PAGE_SIZE) && (
            <Pager
              page={page}
              totalPages={totalPages(carts.data.total, ABANDONED_CARTS_PAGE_SIZE)}
              windowSize={RATINGS_PAGER_WINDOW}
              onPageChange={goTo}
              label="Páginas de carritos olvidados"
            />
          )}
        </div>
      )}
    </div>
  );
}
