import {
  type AdminRating,
  NOTIFY_MS,
  PAGES,
  RATINGS_PAGE_SIZE,
  RATINGS_PAGER_WINDOW,
  showsPager,
  totalPages,
} from '@vitrina/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { confirm, notify } from '../../../lib/notifications';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRatings } from '../api/get-ratings';
import { useHideRating } from '../api/hide-rating';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { RatingsTable } from '../components/ratings-table';
import { cleanSearch, parsePage } from '../utils/search-params';

/**
 * /calificaciones (SPEC §2, §8, §9): the ratings shown in the shop, 20 a page with a window of 8;
 * 'Eliminar' hides one after a confirmation.
 */
export function RatingsPage() {
  useDocumentTitle(PAGES.adminRatings.title);
  const [search, setSearch] = useSearchParams();
  const page = parsePage(search.get('page'));
  const ratings = useRatings(page);
  const hide = useHideRating();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const total = ratings.data?.total;

  const goTo = (next: number) => {
    setSearch(cleanSearch({ page: next }));
    headingRef.current?.focus();
    window.scrollTo?.({ top: 0 });
  };

  // Hiding the last rating of the last page: go back to the page before.
  const pages = total === undefined ? undefined : totalPages(total, RATINGS_PAGE_SIZE);
  useEffect(() => {
    if (pages !== undefined && page > pages) setSearch(cleanSearch({ page: pages }), { replace: true });
  }, [page, pages, setSearch]);

  const remove = async (rating: AdminRating) => {
    const confirmed = await confirm({
      title: '¿Desea eliminar este comentario?',
      text: `«${rating.descripcion_motivo}» de ${rating.autor.nombre} sobre ${rating.producto}. Dejará de mostrarse en la tienda.`,
    });
    if (!confirmed) {
      notify({ title: 'El comentario no ha sido eliminado.', icon: 'info', timer: NOTIFY_MS });
      return;
    }
    hide.mutate(rating.id_motivo_calificacion, {
      onSuccess: () => {
        notify({ title: 'El comentario ha sido eliminado.', icon: 'success', timer: NOTIFY_MS });
        // The row is gone: focus goes back to the top of the table's page.
        headingRef.current?.focus();
      },
      onError: (error) =>
        notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS }),
    });
  };

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Gestionar calificaciones" headingRef={headingRef} />
      {ratings.isPending ? (
        <Loader label="Cargando calificaciones…" />
      ) : ratings.isError ? (
        <LoadError className={styles.message} error={ratings.error} onRetry={() => ratings.refetch()} />
      ) : ratings.data.items.length === 0 ? (
        <div className={styles.message}>
          <p>No hay productos con Calificaciones</p>
        </div>
      ) : (
        <div className={styles.page} aria-busy={ratings.isPlaceholderData || undefined}>
          <RatingsTable
            ratings={ratings.data.items}
            caption={`Calificaciones visibles en la tienda: ${ratings.data.total}`}
            pendingId={hide.isPending ? hide.variables : undefined}
            onDelete={remove}
          />
          {showsPager(ratings.data.total, RATINGS_PAGE_SIZE) && (
            <Pager
              page={page}
              totalPages={totalPages(ratings.data.total, RATINGS_PAGE_SIZE)}
              windowSize={RATINGS_PAGER_WINDOW}
              onPageChange={goTo}
              label="Páginas de calificaciones"
            />
          )}
        </div>
      )}
    </div>
  );
}
