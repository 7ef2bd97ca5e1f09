import { DEMO_CUSTOMER } from '../../apps/server/src/seed/demo-accounts';

/*
 * The accounts the browser suite signs in with, in one place. playwright.config.ts starts the server with
 * this administrator (ADMIN_EMAIL / ADMIN_PASSWORD) and this support address, so the values a shell or a
 * deployment's .env exports change nothing in the suite.
 */

/** The administrator the first seed creates: README's demo administrator. */
export const ADMIN = { email: 'admin@vitrina.local', password: 'Admin12345' } as const;

/** The demo customer the seed always creates (apps/server/src/seed/demo-accounts.ts). */
export const CUSTOMER = { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password } as const;

/** The support address shown to disabled accounts. */
export const SUPPORT_EMAIL = 'soporte@vitrina.local';
