import { ORDER_NUMBER_FORMAT } from '@vitrina/shared';
import { type SQL, sql } from 'drizzle-orm';

const { prefix, digits } = ORDER_NUMBER_FORMAT;

/**
 * formatOrderNumber (packages/shared) in SQL, from the same format, for the one statement that takes an
 * order's number and writes its messages. order-number.test.ts holds the two equal.
 */
export const orderNumberText = (numero: SQL): SQL<string> =>
  sql`${prefix}::text || lpad(${numero}::text, greatest(${digits}::int, length(${numero}::text)), '0')`;
