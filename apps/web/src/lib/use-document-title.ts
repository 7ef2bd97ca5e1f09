import { useEffect } from 'react';
import { useShopName } from './shop-identity';

/** Sets `document.title` to '{title} | {shop}' (or just the shop's name) while the page is shown. */
export function useDocumentTitle(title?: string | null): void {
  const shopName = useShopName();
  useEffect(() => {
    document.title = title ? `${title} | ${shopName}` : shopName;
  }, [title, shopName]);
}
