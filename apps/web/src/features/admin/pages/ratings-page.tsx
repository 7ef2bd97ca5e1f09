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
import { useSetRatingVisible } from '../api/set-rating-visible';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { AdminTabs, tabId, tabPanelId } from '../components/admin-tabs';
import { RatingsTable } from '../components/ratings-table';
import { cleanSearch, parsePage } from '../utils/search-params';

type Tab = 'visibles' | 'ocultas';
const TABS = [
  { value: 'visibles', label: 'Visibles en la tienda' },
  { value: 'ocultas', label: 'Ocultas' },
] as const satisfies ReadonlyArray<{ value: Tab; label: string }>;
const TABS_ID = 'calificaciones';

/** What each tab says and does: 'Eliminar' hides a shown rating, 'Restaurar' shows a hidden one again. */
const ACTIONS = {
  visibles: {
    caption: 'Calificaciones visibles en la tienda',
    empty: 'No hay productos con Calificaciones',
    button: 'Eliminar',
    question: '¿Desea eliminar este comentario?',
    effect: 'Dejará de mostrarse en la tienda.',
    cancelled: 'El comentario no ha sido eliminado.',
    done: 'El comentario ha sido eliminado.',
  },
  ocultas: {
    caption: 'Calificaciones ocultas',
    empty: 'No hay calificaciones ocultas',
    button: 'Restaurar',
    question: '¿Desea restaurar este comentario?',
    effect: 'Volverá a mostrarse en la tienda y a contar en el promedio del producto.',
    cancelled: 'El comentario no ha sido restaurado.',
    done: 'El comentario ha sido restaurado.',
  },
} satisfies Record<Tab, Record<string, string>>;

/**
 * /calificaciones (SPEC §2, §8, §9): the ratings shown in the shop, 20 a page with a window of 8;
 * 'Eliminar' hides one after a confirmation. The 'Ocultas' tab lists the hidden ones, and 'Restaurar'
 * shows one again after the same kind of confirmation. The tab and the page live in the URL.
 */
export function RatingsPage() {
  useDocumentTitle(PAGES.adminRatings.title);
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('estado') === 'ocultas' ? 'ocultas' : 'visibles';
  const page = parsePage(search.get('page'));
  const ratings = useRatings(page, tab === 'visibles');
  const change = useSetRatingVisible();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const total = ratings.data?.total;
  const action = ACTIONS[tab];
  const estadoParam = tab === 'ocultas' ? 'ocultas' : '';

  const goTo = (next: number) => {
    setSearch(cleanSearch({ estado: estadoParam, page: next }));
    headingRef.current?.focus();
    window.scrollTo?.({ top: 0 });
  };

  // Hiding or restoring the last rating of the last page: go back to the page before.
  const pages = total === undefined ? undefined : totalPages(total, RATINGS_PAGE_SIZE);
  useEffect(() => {
    if (pages !== undefined && page > pages) {
      setSearch(cleanSearch({ estado: estadoParam, page: pages }), { replace: true });
    }
  }, [page, pages, setSearch, estadoParam]);

  const act = async (rating: AdminRating) => {
    const confirmed = await confirm({
      title: action.question,
      text: `«${rating.descripcion_motivo}» de ${rating.autor.nombre} sobre ${rating.producto}. ${action.effect}`,
    });
    if (!confirmed) {
      notify({ title: action.cancelled, icon: 'info', timer: NOTIFY_MS });
      return;
    }
    change.mutate(
      { id: rating.id_motivo_calificacion, visible: tab === 'ocultas' },
      {
        onSuccess: () => {
          notify({ title: action.done, icon: 'success', timer: NOTIFY_MS });
          // The row is gone: focus goes back to the top of the table's page.
          headingRef.current?.focus();
        },
        onError: (error) =>
          notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS }),
      },
    );
  };

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Gestionar calificaciones" headingRef={headingRef} />
      <AdminTabs
        tabs={TABS}
        selected={tab}
        onSelect={(value) => setSearch(cleanSearch({ estado: value === 'ocultas' ? value : '', page: 1 }))}
        idPrefix={TABS_ID}
        label="Calificaciones"
      />
      <div id={tabPanelId(TABS_ID)} role="tabpanel" aria-labelledby={tabId(TABS_ID, tab)}>
        {ratings.isPending ? (
          <Loader label="Cargando calificaciones…" />
        ) : ratings.isError ? (
          <LoadError className={styles.message} error={ratings.error} onRetry={() => ratings.refetch()} />
        ) : ratings.data.items.length === 0 ? (
          <div className={styles.message}>
            <p>{action.empty}</p>
          </div>
        ) : (
          <div className={styles.page} aria-busy={ratings.isPlaceholderData || undefined}>
            <RatingsTable
              ratings={ratings.data.items}
              caption={`${action.caption}: ${ratings.data.total}`}
              pendingId={change.isPending ? change.variables?.id : undefined}
              actionLabel={action.button}
              onAction={act}
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
    </div>
  );
}
