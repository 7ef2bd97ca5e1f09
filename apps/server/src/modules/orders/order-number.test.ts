import { formatOrderNumber } from '@vitrina/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { freshDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../test/databases';
import { orderNumberText } from './order-number';

describe.each(TEST_DATABASE_KINDS)('an order number written by SQL, on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database?.drop());

  it('reads as formatOrderNumber writes it, from the first number to past a million', async () => {
    const numbers = [1, 42, 123, 999_999, 1_000_000, 123_456_789, 2_147_483_647];
    const rows = await rowsOf<{ text: string }>(
      database.db,
      sql`SELECT ${orderNumberText(sql`n`)} AS text FROM unnest(${sql.param(numbers)}::int[]) WITH ORDINALITY AS t (n, i) ORDER BY i`,
    );
    expect(rows.map((row) => row.text)).toEqual(numbers.map(formatOrderNumber));
  });
});
