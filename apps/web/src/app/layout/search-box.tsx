import { listingSearch, PAGES, SEARCH_MAX_LENGTH } from '@vitrina/shared';
import { type FormEvent, Suspense, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../components/icons';
import { lazyComponent } from '../../lib/load-chunk';
import styles from './search-box.module.css';
import type { SuggestionControls, SuggestionsPopup } from './search-suggestions';

/*
 * The suggestions' code (requests, list, keyboard) downloads on the first focus of the box: the navbar is
 * on every page and counts against the first page's JavaScript budget (docs/decisions/010). Until it
 * arrives, and if it cannot, the box is a plain search form.
 */
const SearchSuggestions = lazyComponent(
  () => import('./search-suggestions').then((m) => m.SearchSuggestions),
  () => null,
);

const CLOSED: SuggestionsPopup = { ready: false, expanded: false, activeId: undefined };

/**
 * The navbar's search: a WAI-ARIA combobox whose list suggests products and categories as the shopper
 * types. Submitting (Enter with no suggestion chosen) goes to the listing of every product with the words
 * as the `name` filter (SPEC §2 Navbar); before the page's script runs, the form itself asks for it.
 */
export function SearchBox({ urlValue, className }: { urlValue: string; className?: string }) {
  const [value, setValue] = useState(urlValue);
  // The box shows the words of the address (a results page's search, or nothing), except while the
  // shopper is typing in it: a page that arrives then (the previous search, still loading) must not
  // wipe out what they typed.
  const [shownUrlValue, setShownUrlValue] = useState(urlValue);
  const [typing, setTyping] = useState(false);
  if (urlValue !== shownUrlValue) {
    setShownUrlValue(urlValue);
    if (!typing) setValue(urlValue);
  }
  const [wanted, setWanted] = useState(false);
  const [popup, setPopup] = useState(CLOSED);
  const controls = useRef<SuggestionControls | null>(null);
  const listId = useId();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTyping(false);
    const name = value.trim();
    navigate(`${PAGES.allProducts.path}${listingSearch({ name: name || undefined })}`);
  };

  return (
    <div className={`${styles.box} ${className ?? ''}`}>
      {/* biome-ignore lint/a11y/useSemanticElements: role=search on a form works in every browser; <search> does not yet */}
      <form role="search" action={PAGES.allProducts.path} className={styles.form} onSubmit={submit}>
        <input
          type="search"
          name="name"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={popup.expanded}
          aria-controls={popup.ready ? listId : undefined}
          aria-activedescendant={popup.activeId}
          className={styles.input}
          aria-label="Buscar productos"
          placeholder="Buscar productos"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          value={value}
          onFocus={() => setWanted(true)}
          onChange={(event) => {
            setWanted(true);
            setTyping(true);
            setValue(event.target.value);
          }}
          onKeyDown={(event) => {
            // Enter searches, or opens the suggestion chosen: either way the page that comes shows its words.
            if (event.key === 'Enter') setTyping(false);
            controls.current?.onKeyDown(event);
          }}
          onBlur={() => {
            setTyping(false);
            controls.current?.close();
          }}
        />
        <button type="submit" className={styles.button} aria-label="Buscar">
          <SearchIcon width={20} height={20} />
        </button>
      </form>
      {wanted && (
        <Suspense fallback={null}>
          <SearchSuggestions listId={listId} query={value} controls={controls} onPopupChange={setPopup} />
        </Suspense>
      )}
    </div>
  );
}
