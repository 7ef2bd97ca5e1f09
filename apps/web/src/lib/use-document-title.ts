import { useEffect } from 'react';

const SITE_NAME = 'Vitrina';

/** Sets `document.title` to '{title} | Vitrina' (or just 'Vitrina') while the page is shown. */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
