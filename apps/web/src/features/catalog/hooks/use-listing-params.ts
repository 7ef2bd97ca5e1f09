import { type ListingParams, listingSearch, parseListingSearch } from '@vitrina/shared';
import { useCallback, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { type ListingFilters, parseId } from '../utils/listing-params';

/**
 * The listing's filters, order, search and page, read from and written to the URL, so a listing can be
 * shared and the back button works. Changing a filter goes back to page 1.
 */
export function useListingParams() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const categoria = parseId(id);
  const params = useMemo(() => parseListingSearch(search, categoria), [search, categoria]);

  const go = useCallback(
    (next: Partial<ListingParams>) => navigate({ search: listingSearch(next) }),
    [navigate],
  );

  const setFilters = useCallback(
    (patch: Partial<ListingFilters>) => go({ ...params, ...patch, page: 1 }),
    [go, params],
  );

  return {
    params,
    categoria,
    invalidCategory: id !== undefined && categoria === undefined,
    setFilters,
  };
}
