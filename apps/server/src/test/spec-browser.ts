import { XSRF_COOKIE, XSRF_HEADER } from '@vitrina/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/*
 * BrandonFabila/Henry-Market-Front as the server meets it, for the contract tests: its calls as axios 1.x
 * sends them from a page of the shop's origin (`api_host` = '/api/spec/'), and the cookies it writes with
 * js-cookie 3. Nothing here knows the shop's answers: the tests read them the way that front does.
 */

type Method = 'GET' | 'POST' | 'PUT';

export interface AxiosAnswer<T = unknown> {
  status: number;
  data: T;
  raw: LightMyRequestResponse;
}

/** js-cookie 3's converter.write: encodeURIComponent, then a few characters put back as they were. */
export function jsCookieValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
}

/** jwt-decode 3: the payload of a JWT, read without checking anything. */
export function jwtDecode(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

/** One browser tab of the front: every cookie it holds, whoever wrote it. */
export class SpecBrowser {
  /** name → value as the Cookie header carries it. */
  readonly cookies = new Map<string, string>();
  /** Which of them the page's script cannot read or write (HttpOnly). */
  readonly httpOnly = new Set<string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly origin: string,
  ) {}

  /** Opens a page of the shop (the front's index.html is served for every route). */
  async open(path: string) {
    const res = await this.app.inject({ method: 'GET', url: path, headers: this.cookieHeader() });
    this.remember(res);
    return res;
  }

  /**
   * `axios[method](`${api_host}${path}`, data)`: JSON when there is data, no body otherwise; the XSRF
   * header when the page can read an XSRF-TOKEN cookie (same origin); Origin on what is not a GET, as
   * Chromium sends it.
   */
  async axios<T = unknown>(method: Method, path: string, data?: unknown): Promise<AxiosAnswer<T>> {
    const headers: Record<string, string> = {
      accept: 'application/json, text/plain, */*',
      ...this.cookieHeader(),
    };
    if (data !== undefined) headers['content-type'] = 'application/json';
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (method !== 'GET') {
      headers.origin = this.origin;
      headers['sec-fetch-site'] = 'same-origin';
      if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    }
    const res = await this.app.inject({
      method,
      url: `/api/spec/${path}`,
      headers,
      ...(data === undefined ? {} : { payload: JSON.stringify(data) }),
    });
    this.remember(res);
    const type = String(res.headers['content-type'] ?? '');
    return { status: res.statusCode, data: (type.includes('json') ? res.json() : res.body) as T, raw: res };
  }

  get = <T = unknown>(path: string) => this.axios<T>('GET', path);
  post = <T = unknown>(path: string, data?: unknown) => this.axios<T>('POST', path, data);
  put = <T = unknown>(path: string, data?: unknown) => this.axios<T>('PUT', path, data);

  /**
   * `Cookies.set(name, value, { secure: true, sameSite: 'strict' })`. A browser refuses it (the call does
   * nothing) while an HttpOnly cookie of that name exists: returns whether it was stored.
   */
  setScriptCookie(name: string, value: string): boolean {
    if (this.httpOnly.has(name)) return false;
    this.cookies.set(name, jsCookieValue(value));
    return true;
  }

  /** `Cookies.get(name)`: what the page's script can read. */
  scriptCookie(name: string): string | undefined {
    if (this.httpOnly.has(name)) return undefined;
    const value = this.cookies.get(name);
    return value === undefined ? undefined : decodeURIComponent(value);
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  private remember(res: LightMyRequestResponse) {
    const set = res.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
      httpOnly?: boolean;
    }>;
    for (const c of set) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) {
        this.cookies.delete(c.name);
        this.httpOnly.delete(c.name);
        continue;
      }
      this.cookies.set(c.name, c.value);
      if (c.httpOnly) this.httpOnly.add(c.name);
      else this.httpOnly.delete(c.name);
    }
  }
}
