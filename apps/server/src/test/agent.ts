import { randomUUID } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@vitrina/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_ADDRESS } from './shipping-address';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A browser for inject() tests: keeps cookies between requests and, like the web app's API client,
 * echoes the XSRF-TOKEN cookie in the X-XSRF-TOKEN header of state-changing requests.
 */
export class Agent {
  readonly cookies = new Map<string, string>();

  /** `remoteAddress`: the client's address, for limits counted per address (127.0.0.1 unless given). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  async request(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    if (method !== 'GET' && !this.cookies.has(XSRF_COOKIE)) await this.request('GET', '/api/health');
    const res = await this.app.inject({
      method,
      url,
      payload: payload as never,
      ...(this.remoteAddress && { remoteAddress: this.remoteAddress }),
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method === 'GET' ? {} : { [XSRF_HEADER]: this.cookies.get(XSRF_COOKIE) ?? '' }),
        ...headers,
      },
    });
    this.remember(res);
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  put = (url: string, body?: unknown) => this.request('PUT', url, body);

  /**
   * A purchase as the checkout sends it: `lines` paid with the sandbox's approved card, shipped to
   * TEST_ADDRESS, under a new idempotency key; `sale` adds or replaces fields. Answers the response.
   */
  async buy(lines: Array<{ id_producto: number; cantidad: number }>, sale: Record<string, unknown> = {}) {
    const card = await this.post('/api/pagos/sandbox/metodos', {
      numero: '4242 4242 4242 4242',
      expiracion: '12/39',
      cvc: '123',
      nombre: 'Lucía Hernández',
    });
    if (card.statusCode !== 201) throw new Error(`card refused: ${card.statusCode} ${card.body}`);
    return this.request(
      'POST',
      '/api/venta',
      { detalle_venta: lines, id_pago: card.json().id_pago, direccion_envio: TEST_ADDRESS, ...sale },
      { 'idempotency-key': randomUUID() },
    );
  }

  /** Signs in with a password and fails the test if that does not work. */
  async signIn(email: string, password: string) {
    const res = await this.post('/api/usuario/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return res.json().session;
  }

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

export const CUSTOMER_PASSWORD = 'secreto123';

/** A valid customer registration (SPEC §5) for the given e-mail. */
export function customerRegistration(email: string) {
  return {
    primer_nombre: 'Carla',
    primer_apellido: 'Ruiz',
    direccion: 'Av. Insurgentes Sur 1234, CDMX',
    telefono: '5511223344',
    email,
    password: CUSTOMER_PASSWORD,
    passwordconfirm: CUSTOMER_PASSWORD,
  };
}

/** A new customer account, registered and signed in through the API as the web app does it. */
export async function newCustomer(app: FastifyInstance, email: string) {
  const agent = new Agent(app);
  const res = await agent.post('/api/usuario', customerRegistration(email));
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const user = await agent.signIn(email, CUSTOMER_PASSWORD);
  return { agent, user };
}
