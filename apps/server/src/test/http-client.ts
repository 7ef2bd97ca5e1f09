import { XSRF_COOKIE, XSRF_HEADER } from '@vitrina/shared';

export interface HttpAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  body: any;
}

/**
 * A browser for tests against a real server process: fetch plus a cookie jar, echoing the XSRF-TOKEN
 * cookie in the X-XSRF-TOKEN header like the web app's API client.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpAnswer> {
    if (method !== 'GET' && !this.cookies.has(XSRF_COOKIE)) await this.request('GET', '/api/health');
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { [XSRF_HEADER]: this.cookies.get(XSRF_COOKIE) ?? '' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, body, headers);

  /** The sandbox's approved test card as this shopper's payment method; its `id_pago`. */
  async sandboxCard(nombre: string): Promise<string> {
    const res = await this.post('/api/pagos/sandbox/metodos', {
      numero: '4242424242424242',
      expiracion: '12/39',
      cvc: '123',
      nombre,
    });
    if (res.status !== 201) throw new Error(`card refused: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id_pago;
  }

  async signIn(email: string, password: string) {
    const res = await this.post('/api/usuario/login', { email, password });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.session;
  }
}
