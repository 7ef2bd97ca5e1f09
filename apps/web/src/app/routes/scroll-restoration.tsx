import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the positions outlive a reload: this tab's session storage. */
const STORAGE_KEY = 'vitrina-scroll-positions';

/** The scroll position of each history entry the tab has shown, by the entry's key. */
let positions: Record<string, number> | undefined;

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

/**
 * What browsers do for pages that load whole, for a shop whose pages change in place: a new page starts
 * at its top (or at the element its #hash names), and Back or Forward returns to where the shopper was,
 * also after a reload.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const action = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Storage full or off: Back still works within this visit.
      }
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  useLayoutEffect(() => {
    // Kept as the shopper scrolls, so it is the entry's position before the next page replaced it.
    const remember = () => {
      savedPositions()[key] = window.scrollY;
    };
    const saved = savedPositions()[key];
    if (action === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else if (action !== 'POP') window.scrollTo(0, 0);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key, hash, action]);

  return null;
}
