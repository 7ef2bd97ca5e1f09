import { LISTING_PAGER_WINDOW, pageWindow } from '@vitrina/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import styles from './pager.module.css';

export interface PagerProps {
  page: number;
  totalPages: number;
  /**
   * The address of a page: the pager is links, which work before the page's script has run and open in a
   * new tab (the public listings). Without it, buttons that call `onPageChange` (the admin's tables).
   */
  pageHref?: (page: number) => string;
  onPageChange?: (page: number) => void;
  /** How many page buttons at most (SPEC §9: 10 in listings). */
  windowSize?: number;
  label?: string;
}

/** Previous/next arrows and a window of page buttons (or links) centred on the current page. */
export function Pager({
  page,
  totalPages,
  pageHref,
  onPageChange,
  windowSize = LISTING_PAGER_WINDOW,
  label = 'Paginación',
}: PagerProps) {
  const pages = pageWindow(page, totalPages, windowSize);
  const to = (
    target: number,
    className: string | undefined,
    /** For an arrow, which shows no words; a page number is named by what it shows. */
    name: string | undefined,
    content: ReactNode,
    current?: boolean,
  ) => {
    const ariaCurrent = current ? 'page' : undefined;
    if (!pageHref) {
      const disabled = target < 1 || target > totalPages;
      return (
        <button
          type="button"
          className={className}
          aria-label={name}
          aria-current={ariaCurrent}
          disabled={disabled}
          onClick={() => onPageChange?.(target)}
        >
          {content}
        </button>
      );
    }
    // A link that leads nowhere is not there for assistive technology; it keeps its place in the row.
    if (target < 1 || target > totalPages) {
      return (
        <span className={className} aria-hidden="true" data-disabled>
          {content}
        </span>
      );
    }
    return (
      <Link to={pageHref(target)} className={className} aria-label={name} aria-current={ariaCurrent}>
        {content}
      </Link>
    );
  };
  return (
    <nav className={styles.pager} aria-label={label}>
      {to(page - 1, styles.arrow, 'Página anterior', <ChevronLeftIcon />)}
      <ul className={styles.pages}>
        {pages.map((n) => (
          <li key={n}>
            {to(
              n,
              styles.page,
              undefined,
              <>
                <span className="visually-hidden">Página</span> {n}
              </>,
              n === page,
            )}
          </li>
        ))}
      </ul>
      {to(page + 1, styles.arrow, 'Página siguiente', <ChevronRightIcon />)}
    </nav>
  );
}
