import {
  type CurrencyCode,
  type Facets,
  formatMoney,
  type ListingParams,
  listingSearch,
  type ProductOrder,
} from '@vitrina/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useShopCurrency } from '../../../lib/shop-money';
import type { ListingFilters } from '../utils/listing-params';
import { listingPath } from '../utils/listing-params';
import styles from './listing-sidebar.module.css';

export interface SidebarCategory {
  id: number;
  nombre: string;
}

interface ListingSidebarProps {
  params: ListingParams;
  categories: readonly SidebarCategory[];
  /** How many products each category and price band has for this search and filters, once known. */
  facets?: Facets | undefined;
  onChange: (patch: Partial<ListingFilters>) => void;
}

const SORT_OPTIONS: ReadonlyArray<{ value: ProductOrder; label: string }> = [
  { value: 'nombre_asc', label: 'Nombre a-z' },
  { value: 'nombre_desc', label: 'Nombre z-a' },
  { value: 'recientes', label: 'Más recientes' },
];

const PRICE_OPTIONS: ReadonlyArray<{ value: ProductOrder; label: string }> = [
  { value: 'precio_desc', label: 'Mayor precio' },
  { value: 'precio_asc', label: 'Menor precio' },
];

/** Sections Desc, Categorias, Ordenar and Precio (SPEC §2); on small screens they fold behind a button. */
export function ListingSidebar({ params, categories, facets, onChange }: ListingSidebarProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const hasFilters =
    params.descuento || params.orden || params.minPrecio !== undefined || params.maxPrecio !== undefined;
  // Moving to another category keeps the search words and the filters: its count said what it holds.
  const carry = { ...params, page: 1 };
  const countOf = (id: number) =>
    facets && (facets.categorias.find((c) => c.id_categoria_producto === id)?.cantidad ?? 0);

  return (
    <div className={styles.sidebar}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Ocultar filtros' : 'Filtros y orden'}
      </button>
      <section id={panelId} aria-label="Filtros" className={`${styles.panel} ${open ? styles.open : ''}`}>
        <ListingForm params={params} sets={['descuento']} className={styles.section}>
          <h2 className={styles.title}>Desc</h2>
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              name="descuento"
              value="true"
              aria-checked={params.descuento ?? false}
              checked={params.descuento ?? false}
              onChange={(event) => onChange({ descuento: event.target.checked || undefined })}
            />
            <span>Solo productos con descuento</span>
          </label>
          <noscript>
            <button type="submit" className={styles.apply}>
              Aplicar
            </button>
          </noscript>
        </ListingForm>

        <nav className={styles.section} aria-labelledby={`${panelId}-cat`}>
          <h2 className={styles.title} id={`${panelId}-cat`}>
            Categorias
          </h2>
          <ul className={styles.links}>
            <li>
              <Link
                to={`${listingPath()}${listingSearch(carry)}`}
                aria-current={params.categoria === undefined ? 'page' : undefined}
              >
                Ver Todo
              </Link>
            </li>
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={`${listingPath(category.id)}${listingSearch(carry)}`}
                  aria-current={params.categoria === category.id ? 'page' : undefined}
                >
                  {category.nombre} <Count value={countOf(category.id)} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.section}>
          <h2 className={styles.title}>Ordenar</h2>
          <OrderButtons options={SORT_OPTIONS} params={params} onChange={onChange} />
        </div>

        <div className={styles.section}>
          <h2 className={styles.title}>Precio</h2>
          <OrderButtons options={PRICE_OPTIONS} params={params} onChange={onChange} />
          {facets && facets.precios.length > 0 && <PriceBands params={params} bands={facets.precios} />}
          <PriceRangeForm
            key={`${params.minPrecio ?? ''}-${params.maxPrecio ?? ''}`}
            params={params}
            onApply={(minPrecio, maxPrecio) => onChange({ minPrecio, maxPrecio })}
          />
        </div>

        {hasFilters && (
          <Link
            to={`${listingPath(params.categoria)}${listingSearch({ name: params.name })}`}
            className={styles.clear}
          >
            Limpiar filtros
          </Link>
        )}
      </section>
    </div>
  );
}

/**
 * The count after a facet link's name; nothing until the counts are known. Shown 'Indumentaria 12', read
 * 'Indumentaria 12 productos': the words seen stay in the link's name, so a voice user can say them.
 */
function Count({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <span className={styles.count}>
      {value} <span className="visually-hidden">{value === 1 ? 'producto' : 'productos'}</span>
    </span>
  );
}

type Band = Facets['precios'][number];

/** 'Menos de $25', '$25 a $50', '$500 o más'. */
function bandLabel({ desde, hasta }: Band, currency: CurrencyCode): string {
  const money = (value: number) => formatMoney(value, currency, { wholeWithoutCents: true });
  if (hasta === null) return `${money(desde)} o más`;
  return desde === 0 ? `Menos de ${money(hasta)}` : `${money(desde)} a ${money(hasta)}`;
}

/** A band ends before `hasta`; the listing's maximum includes its own value, so it stops a cent short. */
const bandFilter = ({ desde, hasta }: Band) => ({
  minPrecio: desde === 0 ? undefined : desde,
  maxPrecio: hasta === null ? undefined : Math.round(hasta * 100 - 1) / 100,
});

/** The price bands with products for this search (the server leaves out the empty ones). */
function PriceBands({ params, bands }: { params: ListingParams; bands: readonly Band[] }) {
  const currency = useShopCurrency();
  return (
    <ul className={styles.links} aria-label="Rangos de precio">
      {bands.map((band) => {
        const filter = bandFilter(band);
        const current = params.minPrecio === filter.minPrecio && params.maxPrecio === filter.maxPrecio;
        return (
          <li key={band.desde}>
            <Link
              to={`${listingPath(params.categoria)}${listingSearch({ ...params, ...filter, page: 1 })}`}
              aria-current={current ? 'true' : undefined}
            >
              {bandLabel(band, currency)} <Count value={band.cantidad} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

type ListingKey = keyof ListingFilters;

/**
 * A form that asks for the listing with the fields it `sets` changed and the rest of `params` kept, back
 * at page 1: the filters work before the page's script runs (or without it). Once it runs, each control
 * changes the URL itself and the form is never sent.
 */
function ListingForm({
  params,
  sets,
  className,
  label,
  onSubmit,
  children,
}: {
  params: ListingParams;
  sets: readonly ListingKey[];
  className?: string;
  label?: string;
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const kept = Object.fromEntries(
    Object.entries(params).filter(([key]) => !sets.includes(key as ListingKey)),
  );
  const hidden = [...new URLSearchParams(listingSearch({ ...kept, page: 1 }))];
  return (
    <form
      method="get"
      action={listingPath(params.categoria)}
      className={className}
      aria-label={label}
      onSubmit={onSubmit}
    >
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

function OrderButtons({
  options,
  params,
  onChange,
}: {
  options: ReadonlyArray<{ value: ProductOrder; label: string }>;
  params: ListingParams;
  onChange: (patch: Partial<ListingFilters>) => void;
}) {
  return (
    <ListingForm params={params} sets={['orden']} className={styles.chips}>
      {options.map((option) => {
        const pressed = params.orden === option.value;
        return (
          <button
            key={option.value}
            type="submit"
            name="orden"
            value={pressed ? '' : option.value}
            className={styles.chip}
            aria-pressed={pressed}
            onClick={(event) => {
              event.preventDefault();
              onChange({ orden: pressed ? undefined : option.value });
            }}
          >
            {option.label}
          </button>
        );
      })}
    </ListingForm>
  );
}

function toPrice(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function PriceRangeForm({
  params,
  onApply,
}: {
  params: ListingParams;
  onApply: (min: number | undefined, max: number | undefined) => void;
}) {
  const { minPrecio: min, maxPrecio: max } = params;
  const [minText, setMinText] = useState(min === undefined ? '' : String(min));
  const [maxText, setMaxText] = useState(max === undefined ? '' : String(max));
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(toPrice(minText), toPrice(maxText));
  };

  return (
    <ListingForm
      params={params}
      sets={['minPrecio', 'maxPrecio']}
      className={styles.range}
      label="Rango de precio"
      onSubmit={submit}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-min`}>Precio mínimo</label>
        <input
          id={`${id}-min`}
          name="minPrecio"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          placeholder="0"
          value={minText}
          onChange={(event) => setMinText(event.target.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-max`}>Precio máximo</label>
        <input
          id={`${id}-max`}
          name="maxPrecio"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          placeholder="Sin límite"
          value={maxText}
          onChange={(event) => setMaxText(event.target.value)}
        />
      </div>
      <button type="submit" className={styles.apply}>
        Aplicar
      </button>
    </ListingForm>
  );
}
