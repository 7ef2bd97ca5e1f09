import { PAGES, SALES_PAGE_SIZE, SALES_PAGER_WINDOW, showsPager, totalPages } from '@vitrina/shared';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Pager } from '../../../components/pager';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CustomerOnly } from '../../auth';
import { useSales } from '../api/get-sales';
import { GuestOrdersClaim } from '../components/guest-orders-claim';
import { SaleCard } from '../components/sale-card';
import styles from './purchase-history-page.module.css';

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /historial-de-compra (SPEC §2): the customer's purchases, newest first, with rating of bought lines. */
export function PurchaseHistoryPage() {
  useDocumentTitle(PAGES.purchaseHistory.title);
  return (
    <CustomerOnly>
      <PurchaseHistory />
    </CustomerOnly>
  );
}

function PurchaseHistory() {
  const [search, setSearch] = useSearchParams();
  const page = parsePage(search.get('page'));
  const claimToken = search.get('reclamar');
  const askClaim = search.get('sumar') === '1';
  const sales = useSales(page);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const goTo = (next: number) => {
    setSearch(next > 1 ? { page: String(next) } : {});
    headingRef.current?.focus();
    window.scrollTo?.({ top: 0 });
  };

  return (
    <div className={styles.page}>
      <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
        Historial de compras
      </h1>
      {(claimToken || askClaim) && <GuestOrdersClaim sumar={askClaim} token={claimToken} />}
      {sales.isPending ? (
        <Loader label="Cargando tus compras…" />
      ) : sales.isError ? (
        <LoadError className={styles.message} error={sales.error} onRetry={() => sales.refetch()} />
      ) : sales.data.items.length === 0 ? (
        <div className={styles.message}>
          <p>No se encontraron compras realizadas</p>
          <Link to="/products/todos" className={buttonClass('primary')}>
            Ver productos
          </Link>
        </div>
      ) : (
        <>
          <div className={styles.list} aria-busy={sales.isPlaceholderData || undefined}>
            {sales.data.items.map((sale) => (
              <SaleCard key={sale.id_venta} sale={sale} />
            ))}
          </div>
          {showsPager(sales.data.total, SALES_PAGE_SIZE) && (
            <Pager
              page={page}
              totalPages={totalPages(sales.data.total, SALES_PAGE_SIZE)}
              windowSize={SALES_PAGER_WINDOW}
              onPageChange={goTo}
              label="Páginas de compras"
            />
          )}
        </>
      )}
    </div>
  );
}
