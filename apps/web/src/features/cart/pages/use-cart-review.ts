import { useQueries } from '@tanstack/react-query';
import { productQueryOptions } from '../../catalog';
import { useCartLines } from '../store/cart-store';
import { type CartReview, reviewCart, reviewLine } from '../utils/cart-review';

/**
 * The cart of /carrito and /pay with each line's product fetched again (GET /api/products/:id, the
 * catalog's query) when the page is shown.
 */
export function useCartReview(): CartReview {
  const stored = useCartLines();
  const queries = useQueries({
    queries: stored.map((line) => ({ ...productQueryOptions(line.id), staleTime: 0 })),
  });
  const lines = stored.map((line, index) =>
    reviewLine(line, queries[index] ?? { error: null, isPending: true }),
  );
  return reviewCart(lines, () => {
    for (const query of queries) void query.refetch();
  });
}
