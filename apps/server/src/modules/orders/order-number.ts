import { type SQL, sql } from 'drizzle-orm';

/**
 * formatOrderNumber (packages/shared) in SQL, for the one statement that takes an order's number and
 * writes its messages: 'V-' and the number, six digits at least. order-number.test.ts holds the two equal.
 */
export const orderNumberText = (numero: SQL): SQL<string> =>
  sql`'V-' || lpad(${numero}::text, greatest(6, length(${numero}::text)), '0')`;
