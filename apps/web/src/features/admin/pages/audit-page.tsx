import {
  AUDIT_ENTITIES,
  AUDIT_PAGE_SIZE,
  type AuditEntity,
  PAGES,
  RATINGS_PAGER_WINDOW,
  showsPager,
  spellDay,
  totalPages,
} from '@vitrina/shared';
import { type FormEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Pager } from '../../../components/pager';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAudit } from '../api/get-audit';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { AuditTable } from '../components/audit-table';
import { DayRangeFields, useDayRange } from '../components/day-range-fields';
import { FilterButtons } from '../components/filter-buttons';
import { SelectField } from '../components/select-field';
import { cleanSearch, parseDay, parsePage } from '../utils/search-params';

const ENTITIES = Object.keys(AUDIT_ENTITIES) as AuditEntity[];

function parseEntity(value: string | null): AuditEntity | '' {
  return ENTITIES.find((e) => e === value) ?? '';
}

function describeFilter(entidad: AuditEntity | '', desde: string, hasta: string): string {
  const what = entidad ? ` de ${AUDIT_ENTITIES[entidad].toLowerCase()}` : '';
  if (desde && hasta) return `${what} del ${spellDay(desde)} al ${spellDay(hasta)}`;
  if (desde) return `${what} desde el ${spellDay(desde)}`;
  if (hasta) return `${what} hasta el ${spellDay(hasta)}`;
  return what;
}

/**
 * /admin/auditoria: the whole audit trail, newest first, 20 a page: who changed what and when, with the
 * values before and after. Filtered by entity (productos, usuarios, calificaciones) and by days in the
 * shop's time zone; the filters and the page live in the URL.
 */
export function AuditPage() {
  useDocumentTitle(PAGES.adminAudit.title);
  const [search, setSearch] = useSearchParams();
  const entidad = parseEntity(search.get('entidad'));
  const desde = parseDay(search.get('desde'));
  const hasta = parseDay(search.get('hasta'));
  const page = parsePage(search.get('page'));
  const audit = useAudit({ entidad, desde, hasta, page });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const range = useDayRange();

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const days = range.read(data);
    if (!days) return;
    setSearch(cleanSearch({ entidad: parseEntity(String(data.get('entidad') ?? '')), ...days, page: 1 }));
  };

  const clear = () => {
    range.reset();
    setSearch({});
  };

  const goTo = (next: number) => {
    setSearch(cleanSearch({ entidad, desde, hasta, page: next }));
    headingRef.current?.focus();
    window.scrollTo?.({ top: 0 });
  };

  const filtered = Boolean(entidad || desde || hasta);
  const description = describeFilter(entidad, desde, hasta);

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Registro de cambios" headingRef={headingRef} />

      <form className={styles.filters} aria-label="Filtrar cambios" noValidate onSubmit={onFilter}>
        {/* Re-mounted when the URL changes (back/forward), so the fields show the filter in use. */}
        <SelectField key={`entidad-${entidad}`} label="Entidad" name="entidad" defaultValue={entidad}>
          <option value="">Todas</option>
          {ENTITIES.map((value) => (
            <option key={value} value={value}>
              {AUDIT_ENTITIES[value]}
            </option>
          ))}
        </SelectField>
        <DayRangeFields range={range} desde={desde} hasta={hasta} />
        <FilterButtons filtered={filtered} onClear={clear} />
      </form>

      {audit.isPending ? (
        <Loader label="Cargando el registro…" />
      ) : audit.isError ? (
        <LoadError className={styles.message} error={audit.error} onRetry={() => audit.refetch()} />
      ) : (
        <div className={styles.page} aria-busy={audit.isPlaceholderData || undefined}>
          <AuditTable
            entries={audit.data.items}
            caption={`Cambios${description}: ${audit.data.total}`}
            empty={filtered ? `No hay cambios${description}.` : 'Todavía no hay cambios registrados.'}
          />
          {showsPager(audit.data.total, AUDIT_PAGE_SIZE) && (
            <Pager
              page={page}
              totalPages={totalPages(audit.data.total, AUDIT_PAGE_SIZE)}
              windowSize={RATINGS_PAGER_WINDOW}
              onPageChange={goTo}
              label="Páginas del registro"
            />
          )}
        </div>
      )}
    </div>
  );
}
