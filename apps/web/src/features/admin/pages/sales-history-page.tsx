import {
  PAGES,
  SALES_ESTADO_DEFAULT,
  SALES_ESTADO_FILTROS,
  SALES_PAGE_SIZE,
  SALES_PAGER_WINDOW,
  type SalesEstadoFiltro,
  showsPager,
  totalPages,
} from '@vitrina/shared';
import { type FormEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Pager } from '../../../components/pager';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { salesExportUrl, useAllSales } from '../api/get-all-sales';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { DayRangeFields, useDayRange } from '../components/day-range-fields';
import { SalesTable } from '../components/sales-table';
import { SelectField } from '../components/select-field';
import { formatDay } from '../utils/format-date';
import { cleanSearch, parseDay, parsePage } from '../utils/search-params';

/** The state filter's options and what the table's caption counts in each. */
const ESTADO_FILTROS: Record<SalesEstadoFiltro, { option: string; caption: string; none: string }> = {
  pagada: { option: 'Pagadas', caption: 'Ventas', none: 'No se ha realizado ninguna venta' },
  fallida: {
    option: 'Pagos rechazados',
    caption: 'Pagos rechazados',
    none: 'No hay pagos rechazados',
  },
  pendiente: {
    option: 'Pagos pendientes',
    caption: 'Pagos pendientes',
    none: 'No hay pagos pendientes',
  },
  todas: { option: 'Todos los intentos', caption: 'Intentos de compra', none: 'No hay intentos de compra' },
};

function parseEstado(value: string | null): SalesEstadoFiltro {
  return SALES_ESTADO_FILTROS.find((e) => e === value) ?? SALES_ESTADO_DEFAULT;
}

/** The state as the URL keeps it: '' for the default. */
const stateParam = (estado: SalesEstadoFiltro) => (estado === SALES_ESTADO_DEFAULT ? '' : estado);

function describeRange(desde: string, hasta: string): string {
  if (desde && hasta) return ` del ${formatDay(desde, true)} al ${formatDay(hasta, true)}`;
  if (desde) return ` desde el ${formatDay(desde, true)}`;
  if (hasta) return ` hasta el ${formatDay(hasta, true)}`;
  return '';
}

/**
 * /historialVentas (SPEC §2, §9): every paid sale by date with its lines, buyer, total and payment state; 6
 * sales a page with a window of 8, the pager from 7 sales on. A declined payment is not a sale: the
 * 'Estado' filter shows those attempts (for support). The date range (Desde / Hasta), the state and the
 * page live in the URL; 'Exportar CSV' downloads the same selection.
 */
export function SalesHistoryPage() {
  useDocumentTitle(PAGES.salesHistory.title);
  const [search, setSearch] = useSearchParams();
  const desde = parseDay(search.get('desde'));
  const hasta = parseDay(search.get('hasta'));
  const estado = parseEstado(search.get('estado'));
  const page = parsePage(search.get('page'));
  const sales = useAllSales({ desde, hasta, estado, page });
  const shown = ESTADO_FILTROS[estado];
  const headingRef = useRef<HTMLHeadingElement>(null);
  const range = useDayRange();

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const days = range.read(data);
    if (!days) return;
    const state = parseEstado(String(data.get('estado') ?? ''));
    setSearch(cleanSearch({ ...days, estado: stateParam(state), page: 1 }));
  };

  const clear = () => {
    range.reset();
    setSearch({});
  };

  const goTo = (next: number) => {
    setSearch(cleanSearch({ desde, hasta, estado: stateParam(estado), page: next }));
    headingRef.current?.focus();
    window.scrollTo?.({ top: 0 });
  };

  const filtered = Boolean(desde || hasta || estado !== SALES_ESTADO_DEFAULT);

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Historial de ventas" headingRef={headingRef}>
        <a href={salesExportUrl({ desde, hasta, estado })} download className={buttonClass('secondary')}>
          Exportar CSV
        </a>
      </AdminPageHeader>

      <form className={styles.filters} aria-label="Filtrar ventas" noValidate onSubmit={onFilter}>
        <DayRangeFields range={range} desde={desde} hasta={hasta} />
        <SelectField key={`estado-${estado}`} label="Estado" name="estado" defaultValue={estado}>
          {SALES_ESTADO_FILTROS.map((value) => (
            <option key={value} value={value}>
              {ESTADO_FILTROS[value].option}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          Filtrar
        </Button>
        {filtered && (
          <Button variant="ghost" onClick={clear}>
            Quitar filtros
          </Button>
        )}
      </form>

      {sales.isPending ? (
        <Loader label="Cargando ventas…" />
      ) : sales.isError ? (
        <LoadError className={styles.message} error={sales.error} onRetry={() => sales.refetch()} />
      ) : sales.data.items.length === 0 ? (
        <div className={styles.message}>
          <p>
            {shown.none}
            {describeRange(desde, hasta)}
          </p>
        </div>
      ) : (
        <div className={styles.page} aria-busy={sales.isPlaceholderData || undefined}>
          <SalesTable
            sales={sales.data.items}
            caption={`${shown.caption}${describeRange(desde, hasta)}: ${sales.data.total}`}
          />
          {showsPager(sales.data.total, SALES_PAGE_SIZE) && (
            <Pager
              page={page}
              totalPages={totalPages(sales.data.total, SALES_PAGE_SIZE)}
              windowSize={SALES_PAGER_WINDOW}
              onPageChange={goTo}
              label="Páginas de ventas"
            />
          )}
        </div>
      )}
    </div>
  );
}
