import { listingSearch, SUGGESTIONS_MIN_LENGTH, type Suggestions } from '@vitrina/shared';
import { type KeyboardEvent, type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Price } from '../../components/price';
import { getSuggestions } from '../../features/catalog/api/get-suggestions';
import { listingPath } from '../../features/catalog/utils/listing-params';
import styles from './search-suggestions.module.css';

/** What the search box's input says about the list (aria-expanded, aria-controls, aria-activedescendant). */
export interface SuggestionsPopup {
  /** The list is in the page, so the input may point at it. */
  ready: boolean;
  expanded: boolean;
  activeId: string | undefined;
}

/** What the search box's input hands over to the list: its keys and the loss of focus. */
export interface SuggestionControls {
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  close(): void;
}

/** Long enough not to ask on every key of a fast typist, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

type Option =
  | { kind: 'product'; id: string; to: string; product: Suggestions['productos'][number] }
  | { kind: 'category'; id: string; to: string; name: string };

function toOptions(listId: string, query: string, data: Suggestions): Option[] {
  return [
    ...data.productos.map(
      (product): Option => ({
        kind: 'product',
        id: `${listId}-p${product.id_producto}`,
        to: `/products/${product.id_producto}`,
        product,
      }),
    ),
    // A category opens with the words kept: the shopper sees the matching products of that category.
    ...data.categorias.map(
      (category): Option => ({
        kind: 'category',
        id: `${listId}-c${category.id_categoria_producto}`,
        to: `${listingPath(category.id_categoria_producto)}${listingSearch({ name: query })}`,
        name: category.nombre_categoria_producto,
      }),
    ),
  ];
}

function announcement(count: number): string {
  if (count === 0) return 'No hay sugerencias';
  return `${count} ${count === 1 ? 'sugerencia' : 'sugerencias'}; usa las flechas para recorrerlas`;
}

interface Answer {
  query: string;
  options: Option[];
}

/**
 * The list of the navbar's combobox (WAI-ARIA 1.2 pattern, focus stays in the input): asks for
 * suggestions 150 ms after the last key, from the second letter, cancelling the request of older words;
 * arrows move through the options, Enter opens the active one (without one the form submits as before),
 * Escape and leaving the box close the list, and a polite live region says how many there are.
 */
export function SearchSuggestions({
  listId,
  query,
  controls,
  onPopupChange,
}: {
  listId: string;
  query: string;
  controls: RefObject<SuggestionControls | null>;
  onPopupChange: (popup: SuggestionsPopup) => void;
}) {
  const navigate = useNavigate();
  const term = query.trim();
  const asked = term.length >= SUGGESTIONS_MIN_LENGTH;
  // The last answer stays on screen while the next one is on its way, so the list does not flicker.
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    setOpen(true);
    setActive(-1);
    if (!asked) {
      setAnswer(null);
      return;
    }
    const request = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(term, request.signal).then(
        (data) => setAnswer({ query: term, options: toOptions(listId, term, data) }),
        // Suggestions are a help: a failure leaves the plain search, which reports its own errors.
        () => {
          if (!request.signal.aborted) setAnswer(null);
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      request.abort();
    };
  }, [term, asked, listId]);

  const options = asked && answer ? answer.options : [];
  const expanded = open && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;

  useEffect(() => {
    onPopupChange({ ready: true, expanded, activeId: activeOption?.id });
  }, [onPopupChange, expanded, activeOption]);

  const choose = (option: Option) => {
    setOpen(false);
    navigate(option.to);
  };

  useLayoutEffect(() => {
    controls.current = {
      onKeyDown(event) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          if (options.length === 0) return;
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : -1;
          if (!expanded) setOpen(true);
          setActive((current) =>
            !expanded || current === -1
              ? step === 1
                ? 0
                : options.length - 1
              : (current + step + options.length) % options.length,
          );
        } else if (event.key === 'Enter' && activeOption) {
          event.preventDefault();
          choose(activeOption);
        } else if (event.key === 'Escape' && expanded) {
          // Only closes the list: the browser would also empty a search field.
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
      },
      close() {
        setOpen(false);
        setActive(-1);
      },
    };
  });

  const products = options.filter((option) => option.kind === 'product');
  const categories = options.filter((option) => option.kind === 'category');
  const renderOption = (option: Option) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard stays in the input (aria-activedescendant), which handles the keys
    <div
      key={option.id}
      id={option.id}
      role="option"
      tabIndex={-1}
      aria-selected={option === activeOption}
      className={styles.option}
      // The focus stays in the input (the list is reached by aria-activedescendant).
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => choose(option)}
    >
      {option.kind === 'product' ? (
        <>
          <img src={option.product.imagen} alt="" width={40} height={40} className={styles.thumb} />
          <span className={styles.name}>{option.product.nombre}</span>
          <Price valor={option.product.valor} valorDescuento={option.product.valor_descuento} />
        </>
      ) : (
        <span className={styles.name}>{option.name}</span>
      )}
    </div>
  );
  const group = (key: string, label: string, members: Option[]) =>
    members.length > 0 && (
      // biome-ignore lint/a11y/useSemanticElements: a listbox owns options or groups of options, not fieldsets
      <div role="group" aria-labelledby={`${listId}-${key}`}>
        <div id={`${listId}-${key}`} className={styles.groupLabel}>
          {label}
        </div>
        {members.map(renderOption)}
      </div>
    );

  return (
    <>
      <div id={listId} role="listbox" aria-label="Sugerencias" className={styles.list} hidden={!expanded}>
        {group('productos', 'Productos', products)}
        {group('categorias', 'Categorías', categories)}
      </div>
      <p role="status" className="visually-hidden">
        {asked && open && answer?.query === term ? announcement(options.length) : ''}
      </p>
    </>
  );
}
