import type { Config } from './config';
import type { Db } from './db/client';
import { verifyCredentials } from './modules/accounts';
import { DEMO_CUSTOMER } from './seed/demo-accounts';

export interface DemoAccount {
  role: 'administrator' | 'customer';
  email: string;
  /** Absent when it must not be printed (an ADMIN_PASSWORD chosen for a deployment). */
  password?: string;
}

/**
 * The address to open: PUBLIC_URL when it is set, otherwise the one the server listens on (localhost
 * for every interface).
 */
export function shopUrl(
  config: Pick<Config, 'host'>,
  port: number,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, '');
  const host = ['0.0.0.0', '::', ''].includes(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${port}`;
}

/**
 * The seeded accounts that still sign in with the seed's passwords, for the ready line. The
 * administrator's password is shown only when it is the default one (ADMIN_PASSWORD not set) or in
 * development; otherwise only its e-mail.
 */
export async function demoAccounts(
  db: Db,
  config: Pick<Config, 'env' | 'admin'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DemoAccount[]> {
  const [admin, customer] = await Promise.all([
    verifyCredentials(db, config.admin.email, config.admin.password),
    verifyCredentials(db, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password),
  ]);
  const accounts: DemoAccount[] = [];
  if (admin?.admin && admin.estado) {
    const showPassword = config.env === 'development' || !env.ADMIN_PASSWORD;
    accounts.push({
      role: 'administrator',
      email: admin.email,
      ...(showPassword ? { password: config.admin.password } : {}),
    });
  }
  if (customer?.estado)
    accounts.push({ role: 'customer', email: customer.email, password: DEMO_CUSTOMER.password });
  return accounts;
}

/** "ready on http://localhost:3000 · demo accounts: admin@… / … (administrator), cliente@… / … (customer)" */
export function readyMessage(url: string, accounts: DemoAccount[]): string {
  if (accounts.length === 0) return `ready on ${url}`;
  const list = accounts.map(
    (a) => `${a.email} / ${a.password ?? '(the password in ADMIN_PASSWORD)'} (${a.role})`,
  );
  return `ready on ${url} · demo accounts: ${list.join(', ')}`;
}
