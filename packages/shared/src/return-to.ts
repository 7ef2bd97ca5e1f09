import { PAGES } from './pages';
import { isSingleLineText } from './validation/text';

/*
 * Signing in from a page that needs it (an e-mail's 'Ver mi pedido', an admin screen) comes back to that
 * page: the address carries it as `?returnTo=`, through /login and through Google's sign-in. The value
 * comes from a URL anyone can write, so only a path of this shop is ever followed: never another site.
 */

/** The query parameter of /login and GET /api/auth/google that names the page to come back to. */
export const RETURN_TO_PARAM = 'returnTo';

const RETURN_TO_MAX_LENGTH = 2000;

/** Pages that never ask for a sign-in: coming back to them would only come back to the form. */
const NOT_A_DESTINATION: readonly string[] = [PAGES.login.path, PAGES.register.path];

/**
 * `value` as a path of this shop to go back to after signing in ('/pedido/12?x=1#y'), or null for anything
 * else: another origin (`https://evil.com`, `//evil.com`, `/\evil.com`), a relative path, the sign-in and
 * registration pages themselves, and the API.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > RETURN_TO_MAX_LENGTH) return null;
  // One slash then anything but a second one is a path on the same origin, as browsers parse addresses…
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // …once a backslash (read as a slash: `/\evil.com` is `//evil.com`) and tabs or line breaks (dropped:
  // `/\t/evil.com` is `//evil.com`) are refused.
  if (value.includes('\\') || !isSingleLineText(value)) return null;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (NOT_A_DESTINATION.includes(pathname) || pathname === '/api' || pathname.startsWith('/api/'))
    return null;
  return value;
}
