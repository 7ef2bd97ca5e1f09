import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  hashCost,
  hashPassword,
  PRODUCTION_HASH_COST,
  TEST_HASH_COST,
  verifyPassword,
} from './password-hash';

describe('password hashing', () => {
  it('costs the production default everywhere but under NODE_ENV=test', () => {
    expect(hashCost('production')).toBe(PRODUCTION_HASH_COST);
    expect(hashCost('development')).toBe(PRODUCTION_HASH_COST);
    expect(hashCost('test')).toBe(TEST_HASH_COST);
    expect(PRODUCTION_HASH_COST).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('makes cheap Argon2id hashes in the tests', async () => {
    expect(await hashPassword('secreto123')).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
  });

  it('checks a hash whatever cost it was made with', async () => {
    for (const stored of [
      await hashPassword('secreto123'),
      await hash('secreto123', PRODUCTION_HASH_COST),
      await hash('secreto123', { memoryCost: 4096, timeCost: 3, parallelism: 2 }),
    ]) {
      expect(await verifyPassword(stored, 'secreto123')).toBe(true);
      expect(await verifyPassword(stored, 'secreto124')).toBe(false);
    }
  });

  it('lets every hash asked at once finish, a failing one included', async () => {
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 6 }, (_, i) => hashPassword(`secreto${i}`)),
      verifyPassword('no es un hash', 'secreto123'),
      verifyPassword('tampoco', 'secreto123'),
    ]);
    expect(outcomes.slice(0, 6).every((o) => o.status === 'fulfilled')).toBe(true);
    expect(outcomes.slice(6).map((o) => o.status)).toEqual(['rejected', 'rejected']);
    // The failed ones gave their turn back: the next hash does not wait for ever.
    expect(await verifyPassword(await hashPassword('secreto123'), 'secreto123')).toBe(true);
  });

  it('answers false without a stored hash', async () => {
    expect(await verifyPassword(null, 'secreto123')).toBe(false);
    expect(await verifyPassword(undefined, '')).toBe(false);
  });
});
