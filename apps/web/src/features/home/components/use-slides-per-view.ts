import { CAROUSEL_BREAKPOINTS, CAROUSEL_SLIDES } from '@vitrina/shared';
import { useSyncExternalStore } from 'react';

/** One media query per breakpoint of SPEC §2: "under 1500px" is `max-width: 1499.98px`. */
const queries = CAROUSEL_BREAKPOINTS.map(([width, slides]) => ({
  query: `(max-width: ${width - 0.02}px)`,
  slides,
}));

function matching(): readonly MediaQueryList[] {
  return typeof window === 'undefined' || !window.matchMedia
    ? []
    : queries.map((q) => window.matchMedia(q.query));
}

function getSlides(): number {
  let slides = CAROUSEL_SLIDES;
  matching().forEach((list, i) => {
    const breakpoint = queries[i];
    if (list.matches && breakpoint) slides = breakpoint.slides;
  });
  return slides;
}

function subscribe(onChange: () => void): () => void {
  const lists = matching();
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** Slides shown at once for the current viewport width (5, 4, 3, 2 or 1). */
export function useSlidesPerView(): number {
  return useSyncExternalStore(subscribe, getSlides, () => CAROUSEL_SLIDES);
}
