import { LISTING_PAGER_WINDOW, pageWindow } from '@vitrina/shared';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import styles from './pager.module.css';

export interface PagerProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** How many page buttons at most (SPEC §9: 10 in listings). */
  windowSize?: number;
  label?: string;
}

/** Previous/next arrows and a window of page buttons centred on the current page. */
export function Pager({
  page,
  totalPages,
  onPageChange,
  windowSize = LISTING_PAGER_WINDOW,
  label = 'Paginación',
}: PagerProps) {
  const pages = pageWindow(page, totalPages, windowSize);
  return (
    <nav className={styles.pager} aria-label={label}>
      <button
        type="button"
        className={styles.arrow}
        aria-label="Página anterior"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeftIcon />
      </button>
      <ul className={styles.pages}>
        {pages.map((n) => (
          <li key={n}>
            <button
              type="button"
              className={styles.page}
              aria-label={`Página ${n}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onPageChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.arrow}
        aria-label="Página siguiente"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
