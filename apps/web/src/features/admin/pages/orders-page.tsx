import {
  ORDER_STATE_FILTER_DEFAULT,
  ORDER_STATE_FILTERS,
  ORDER_STATE_LABELS,
  ORDERS_SEARCH_MAX,
  type OrderStateFilter,
  PAGES,
  SALES_PAGE_SIZE,
  SALES_PAGER_WINDOW,
  showsPager,
  spellDay,
  totalPages,
} from '@vitrina/shared';
import { type FormEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Pager } from '../../../components/pager';
import { TextField } from '../../../components/text-field';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { salesExportUrl, useAllSales } from '../api/get-all-sales';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { DayRangeFields, useDayRange } from '../components/day-range-fields';
import { FilterButtons } from '../components/filter-buttons';
import { OrdersTable } from '../components/orders-table';
import { SelectField } from '../components/select-field';
import { cleanSearch, parseDay, parsePage } from '../utils/search-params';

/** SPEC §8's empty state of the sales history: the shop has no order at all (nothing filtered out). */
const NO_SALES = 'No se ha realizado ninguna venta';

/** The state filter's option for each value, and what the table's caption calls what it lists. */
function filterLabel(estado: OrderStateFilter): { option: string; caption: string } {
  if (estado === 'pedidos') return { option: 'Todos los pedidos', caption: 'Pedidos' };
  if (estado === 'todas') return { option: 'Todos los intentos de compra', caption: 'Intentos de compra' };
  if (estado === 'por_pagar') return { option: 'Por pagar', caption: 'Pedidos por pagar' };
  if (estado === 'pago_tardio')
    return { option: 'Con pago tardío por devolver', caption: 'Pedidos con pago tardío por devolver' };
  const label = ORDER_STATE_LABELS[estado];
  return { option: label, caption: `Pedidos «${label}»` };
}

function parseEstado(value: string | null): OrderStateFilter {
  return ORDER_STATE_FILTERS.find((e) => e === value) ?? ORDER_STATE_FILTER_DEFAULT;
}

/** The state as the URL keeps it: '' for the default. */
const stateParam = (estado: OrderStateFilter) => (estado === ORDER_STATE_FILTER_DEFAULT ? '' : estado);

const parseQuery = (value: string | null) => (value ?? '').trim().slice(0, ORDERS_SEARCH_MAX);

function describeRange(desde: string, hasta: string): string {
  if (desde && hasta) return ` del ${spellDay(desde)} al ${spellDay(hasta)}`;
  if (desde) return ` desde el ${spellDay(desde)}`;
  if (hasta) return ` hasta el ${spellDay(hasta)}`;
  return '';
}

/**
 * /admin/pedidos (the sales history of SPEC §2, §9, grown into the orders screen; /historialVentas leads
 * here): every order newest first with its lines, buyer, total, state and tracking, each linked to its
 * page; 6 a page with a window of 8. Filtered by state (declined or pending attempts too, for support),
 * by days (Desde / Hasta) and by order number or buyer e-mail, all kept in the URL; 'Exportar CSV'
 * downloads the same days and state.
 */
export function OrdersPage() {
  useDocumentTitle(PAGES.adminOrders.title);
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const desde = parseDay(search.get('desde'));
  const hasta = parseDay(search.get('hasta'));
  const estado = parseEstado(search.get('estado'));
  const q = parseQuery(search.get('q'));
  const page = parsePage(search.get('page'));
  const sales = useAllSales({ desde, hasta, estado, q, page });
  const shown = filterLabel(estado);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const range = useDayRange();

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const days = range.read(data);
    if (!days) return;
    const state = parseEstado(String(data.get('estado') ?? ''));
    const text = parseQuery(String(data.get('q') ?? ''));
    setSearch(cleanSearch({ ...days, estado: stateParam(state), q: text, page: 1 }));
  };

  const clear = () => {
    range.reset();
    setSearch({});
  };

  const goTo = (next: number) => {
    setSearch(cleanSearch({ desde, hasta, estado: stateParam(estado), q, page: next }));
    headingRef.current?.focus();
    window.scrollTo?.({ top: 0 });
  };

  const filtered = Boolean(desde || hasta || q || estado !== ORDER_STATE_FILTER_DEFAULT);
  const searched = q ? ` que coinciden con «${q}»` : '';

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Pedidos" headingRef={headingRef}>
        {/* The export holds the shop's money (totals, refunds, net): the owner's, not staff's. */}
        {user?.admin && (
          <a href={salesExportUrl({ desde, hasta, estado })} download className={buttonClass('secondary')}>
            Exportar CSV
          </a>
        )}
      </AdminPageHeader>

      <form className={styles.filters} aria-label="Filtrar pedidos" noValidate onSubmit={onFilter}>
        <TextField
          key={`q-${q}`}
          label="Buscar"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={ORDERS_SEARCH_MAX}
          hint="Número de pedido (V-000123) o correo del cliente"
        />
        <SelectField key={`estado-${estado}`} label="Estado" name="estado" defaultValue={estado}>
          {ORDER_STATE_FILTERS.map((value) => (
            <option key={value} value={value}>
              {filterLabel(value).option}
            </option>
          ))}
        </SelectField>
        <DayRangeFields range={range} desde={desde} hasta={hasta} />
        <FilterButtons filtered={filtered} onClear={clear} />
      </form>

      {sales.isPending ? (
        <Loader label="Cargando pedidos…" />
      ) : sales.isError ? (
        <LoadError className={styles.message} error={sales.error} onRetry={() => sales.refetch()} />
      ) : sales.data.items.length === 0 && !filtered ? (
        <div className={styles.message}>
          <p>{NO_SALES}</p>
        </div>
      ) : sales.data.items.length === 0 ? (
        <div className={styles.message}>
          <p>
            No hay {shown.caption.charAt(0).toLowerCase()}
            {shown.caption.slice(1)}
            {searched}
            {describeRange(desde, hasta)}
          </p>
        </div>
      ) : (
        <div className={styles.page} aria-busy={sales.isPlaceholderData || undefined}>
          <OrdersTable
            sales={sales.data.items}
            caption={`${shown.caption}${searched}${describeRange(desde, hasta)}: ${sales.data.total}`}
          />
          {showsPager(sales.data.total, SALES_PAGE_SIZE) && (
            <Pager
              page={page}
              totalPages={totalPages(sales.data.total, SALES_PAGE_SIZE)}
              windowSize={SALES_PAGER_WINDOW}
              onPageChange={goTo}
              label="Páginas de pedidos"
            />
          )}
        </div>
      )}
    </div>
  );
}
