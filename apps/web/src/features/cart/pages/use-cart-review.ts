import { useQueries } from '@tanstack/react-query';
import { productQueryOptions } from '../../catalog';
import { useCartLines } from '../store/cart-store';
import { type CartReview, reviewCart, reviewLine } from '../utils/cart-review';

/**
 * The cart of /carrito and /pay with each line's product fetched again (GET /api/products/:id, the
 * catalog's query) when the page is shown: once per product, however many of its variants the cart holds.
 */
export function useCartReview(): CartReview {
  const stored = useCartLines();
  const ids = [...new Set(stored.map((line) => line.id))];
  const queries = useQueries({
    queries: ids.map((id) => ({ ...productQueryOptions(id), staleTime: 0 })),
  });
  const lines = stored.map((line) =>
    reviewLine(line, queries[ids.indexOf(line.id)] ?? { error: null, isPending: true }),
  );
  return reviewCart(lines, () => {
    for (const query of queries) void query.refetch();
  });
}
