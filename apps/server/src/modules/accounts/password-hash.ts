import { hash, type Options, verify } from '@node-rs/argon2';
import { type Config, loadConfig } from '../../config';

/*
 * How account passwords are hashed (the accounts and the seed's demo accounts): Argon2id. Its cost is
 * the production one everywhere except under NODE_ENV=test, where the smallest cost Argon2id allows keeps
 * the hundreds of sign-ins of the test suite fast. A hash records the algorithm and cost it was made with,
 * so verifying works whatever cost made it: a test database's hashes check in production and the
 * reverse.
 */

/** 19 MiB of memory, two passes, one lane: the library's default, OWASP's minimum for Argon2id. */
export const PRODUCTION_HASH_COST: Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Argon2id's minimum: 8 KiB per lane, one pass. Never outside tests. */
export const TEST_HASH_COST: Options = { memoryCost: 8, timeCost: 1, parallelism: 1 };

/** The cost of new hashes for an environment (the parsed NODE_ENV). */
export const hashCost = (env: Config['env']): Options =>
  env === 'test' ? TEST_HASH_COST : PRODUCTION_HASH_COST;

/**
 * Argon2 computations run at once. Each holds its 19 MiB while it runs, and a burst of sign-ins would
 * otherwise run one on every thread of Node's pool (four): 76 MiB more at the peak of a process meant for a
 * small server (docs/decisions/055). One at a time (about 40 ms each) leaves the other core to the pages;
 * the others wait their turn, in order.
 */
const HASHING_AT_ONCE = 1;
let hashing = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < HASHING_AT_ONCE) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

let current: { cost: Options; dummy: Promise<string> } | undefined;

/**
 * This process's cost, read once from the parsed configuration on first use (main and the seed script
 * have loaded .env by then). A configuration that does not parse stops those at start-up; should it not
 * parse here, the production cost is used, never the cheap one.
 */
function settings() {
  if (!current) {
    let env: Config['env'] = 'production';
    try {
      env = loadConfig().env;
    } catch {
      // Keep the production cost.
    }
    const cost = hashCost(env);
    // A hash of nothing in particular, checked when there is no stored hash so both paths take as long.
    current = { cost, dummy: inTurn(() => hash('vitrina-timing-equaliser', cost)) };
  }
  return current;
}

export function hashPassword(password: string): Promise<string> {
  const { cost } = settings();
  return inTurn(() => hash(password, cost));
}

/**
 * Whether `password` is the one `stored` was made from. Without a stored hash (an unknown e-mail, an
 * account without a password) a dummy hash is checked instead and the answer is false, in the same time.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    const dummy = await settings().dummy;
    await inTurn(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  return inTurn(() => verify(stored, password));
}
