import { listingSearch, SEARCH_MAX_LENGTH } from '@vitrina/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../components/icons';
import styles from './search-box.module.css';

/** Submitting goes to the listing of every product with the words as the `name` filter. */
export function SearchBox({ initialValue, className }: { initialValue: string; className?: string }) {
  const [value, setValue] = useState(initialValue);
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = value.trim();
    navigate(`/products/todos${listingSearch({ name: name || undefined })}`);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: role=search on a form works in every browser; <search> does not yet
    <form role="search" className={`${styles.form} ${className ?? ''}`} onSubmit={submit}>
      <input
        type="search"
        name="name"
        className={styles.input}
        aria-label="Buscar productos"
        placeholder="Buscar productos"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className={styles.button} aria-label="Buscar">
        <SearchIcon width={20} height={20} />
      </button>
    </form>
  );
}
