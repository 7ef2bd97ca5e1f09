import { describe, expect, it } from 'vitest';
import { conflict } from '../errors';
import { retryOnConnectionLoss } from './connection-retry';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** What Drizzle throws when PostgreSQL terminated the backend: the driver's error as its cause. */
const terminated = () =>
  new Error('Failed query: update "venta" …', {
    cause: withCode('terminating connection due to administrator command', '57P01'),
  });

/** Work that fails with `errors` in turn, then succeeds; counts its runs. */
function failing(...errors: Error[]) {
  let runs = 0;
  return {
    work: async () => {
      const error = errors[runs++];
      if (error) throw error;
      return 'hecho';
    },
    runs: () => runs,
  };
}

describe('retryOnConnectionLoss', () => {
  it('runs the work again after a lost connection until it goes through', async () => {
    const work = failing(terminated(), withCode('read ECONNRESET', 'ECONNRESET'));
    expect(await retryOnConnectionLoss(work.work, { firstDelayMs: 1 })).toBe('hecho');
    expect(work.runs()).toBe(3);
  });

  it('gives up with the last error once its budget is spent', async () => {
    const errors = Array.from({ length: 100 }, terminated);
    const work = failing(...errors);
    const started = Date.now();
    const error = await retryOnConnectionLoss(work.work, {
      budgetMs: 300,
      firstDelayMs: 20,
      maxDelayMs: 80,
    }).catch((err: unknown) => err);
    expect(error).toBe(errors[work.runs() - 1]);
    expect(Date.now() - started).toBeLessThanOrEqual(400);
    expect(work.runs()).toBeGreaterThan(2);
    expect(work.runs()).toBeLessThan(100);
  });

  it('never repeats a statement the database refused, nor a refused change', async () => {
    for (const refusal of [
      withCode('duplicate key value violates unique constraint', '23505'),
      conflict('No.'),
    ]) {
      const work = failing(refusal);
      await expect(retryOnConnectionLoss(work.work, { firstDelayMs: 1 })).rejects.toBe(refusal);
      expect(work.runs()).toBe(1);
    }
  });
});
