import { listingSearch, PAGES, SEARCH_ANALYTICS_DAYS, type SearchAnalytics } from '@vitrina/shared';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { useSearchAnalytics } from '../api/get-search-analytics';
import styles from './dashboard.module.css';
import ownStyles from './search-analytics.module.css';

type Entry = SearchAnalytics['frecuentes'][number];

const times = (veces: number) => `${veces} ${veces === 1 ? 'vez' : 'veces'}`;

/**
 * What shoppers searched in the last 30 days: the most frequent searches, those that found nothing, and
 * those that found only sold-out products, each with what the owner can do about it (a synonym that leads
 * to an existing product or the product; for a sold-out one, its stock).
 */
export function SearchAnalyticsSection() {
  const titleId = useId();
  const analytics = useSearchAnalytics();
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Búsquedas de los últimos {SEARCH_ANALYTICS_DAYS} días
      </h2>
      {analytics.isPending ? (
        <Loader label="Cargando las búsquedas…" />
      ) : analytics.isError ? (
        <LoadError what="las búsquedas" error={analytics.error} onRetry={() => analytics.refetch()} />
      ) : (
        <div className={styles.cards}>
          <QueryList
            title="Lo más buscado"
            entries={analytics.data.frecuentes}
            empty="Todavía nadie ha buscado nada."
            actions={(entry) => (
              <Link to={`${PAGES.allProducts.path}${listingSearch({ name: entry.consulta })}`}>
                Ver resultados<span className="visually-hidden"> de {entry.consulta}</span>
              </Link>
            )}
          />
          <QueryList
            title="Búsquedas sin resultados"
            note="Lo que los clientes buscan y no encuentran: añade un sinónimo que lleve a un producto que ya tienes, o el producto."
            entries={analytics.data.sin_resultados}
            empty="Todas las búsquedas encontraron productos."
            actions={(entry) => (
              <>
                <Link to={`${PAGES.adminSynonyms.path}?nuevo=${encodeURIComponent(entry.consulta)}`}>
                  Crear sinónimo<span className="visually-hidden"> para {entry.consulta}</span>
                </Link>
                <Link to={PAGES.createProduct.path}>
                  Crear producto<span className="visually-hidden"> para {entry.consulta}</span>
                </Link>
              </>
            )}
          />
          <QueryList
            title="El producto existe, pero está agotado"
            note="Lo que los clientes buscan y solo encuentran agotado: un sinónimo no ayudaría, repón el stock."
            entries={analytics.data.agotados}
            empty="Ninguna búsqueda encontró solo productos agotados."
            actions={(entry) => (
              <Link to={`${PAGES.adminProducts.path}?${new URLSearchParams({ name: entry.consulta })}`}>
                Ver productos<span className="visually-hidden"> de {entry.consulta}</span>
              </Link>
            )}
          />
        </div>
      )}
    </section>
  );
}

function QueryList({
  title,
  note,
  entries,
  empty,
  actions,
}: {
  title: string;
  note?: string;
  entries: readonly Entry[];
  empty: string;
  actions: (entry: Entry) => ReactNode;
}) {
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {title}
      </h3>
      {note && <p className={styles.note}>{note}</p>}
      {entries.length === 0 ? (
        <p className={styles.note}>{empty}</p>
      ) : (
        <ol className={ownStyles.queries}>
          {entries.map((entry) => (
            <li key={entry.consulta}>
              <span className={ownStyles.query}>
                <strong>{entry.consulta}</strong> <span className={styles.units}>{times(entry.veces)}</span>
              </span>
              <span className={ownStyles.actions}>{actions(entry)}</span>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
