import { z } from 'zod';

/**
 * A page of a list as the API answers it: the items, how many there are in all, which page, its size.
 * Apart from pagination.ts, whose arithmetic the storefront's pager needs without zod.
 */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
