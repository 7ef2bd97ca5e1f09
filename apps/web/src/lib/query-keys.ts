/*
 * The query keys more than one feature uses: the catalog caches products under them, and whoever changes
 * a product (the admin, a rating, a purchase) invalidates them.
 */
export const productsQueryKey = ['products'] as const;

/** One product's detail. Its ratings' key starts with it: invalidating it refreshes both. */
export const productQueryKey = (id: number) => [...productsQueryKey, 'detail', id] as const;
