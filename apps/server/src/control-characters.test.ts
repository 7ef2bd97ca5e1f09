import { randomUUID } from 'node:crypto';
import { FORBIDDEN_CHARACTERS } from '@vitrina/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditoria,
  cargoSandbox,
  detalleVenta,
  intentoLogin,
  metodoPagoSandbox,
  motivoCalificacion,
  producto,
  usuario,
  venta,
} from './db/schema';
import { DEMO_CUSTOMER } from './seed/demo-accounts';
import { Agent, customerRegistration, newCustomer } from './test/agent';
import { seededTestApp, type TestApp } from './test/app';
import { TEST_DATABASE_KINDS } from './test/databases';
import { TEST_ADDRESS } from './test/shipping-address';

/*
 * Every text a client can send (bodies, query strings, the Idempotency-Key header) with a NUL or another
 * control character in it: 400 with the shared rule's Spanish message, nothing stored or changed, and no
 * error in the log (PostgreSQL refuses a NUL inside a text: before the rule, such a value reached it and
 * came back as a 500).
 */

/** Refused in every text, one-line or not. */
const ALWAYS_REFUSED = ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085'];
/** Refused in one-line texts; a multi-line text keeps them. */
const LINE_CHARACTERS = ['\n', '\r', '\t'];
/** Half of a surrogate pair: JSON can carry it (as \ud800), a URL cannot. */
const LONE_SURROGATE = '\uD800';

type Who = 'visitor' | 'customer' | 'admin';
type Method = 'GET' | 'POST' | 'PUT';
interface Request {
  method: Method;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Case {
  name: string;
  who: Who;
  /** The characters to try; each is put inside a valid value. */
  bad: string[];
  request: (bad: string) => Request;
}

/** `bad` in the middle of `value`, where no trimming can take it away. */
const inside = (value: string, bad: string) => {
  const half = Math.ceil(value.length / 2);
  return `${value.slice(0, half)}${bad}${value.slice(half)}`;
};

const bodyCharacters = (multiLine: boolean) => [
  ...ALWAYS_REFUSED,
  LONE_SURROGATE,
  ...(multiLine ? [] : LINE_CHARACTERS),
];
const queryCharacters = [...ALWAYS_REFUSED, ...LINE_CHARACTERS];

/** One case per field of a JSON body: the valid body with that field spoiled. */
function bodyCases(
  who: Who,
  method: Method,
  url: string,
  valid: Record<string, unknown>,
  fields: string[],
  multiLine: string[] = [],
): Case[] {
  return fields.map((field) => ({
    name: `${method} ${url} ${field}`,
    who,
    bad: bodyCharacters(multiLine.includes(field)),
    request: (bad) => ({ method, url, body: { ...valid, [field]: inside(String(valid[field]), bad) } }),
  }));
}

/** One case per query parameter. */
function queryCases(who: Who, path: string, params: Record<string, string>): Case[] {
  return Object.entries(params).map(([param, value]) => ({
    name: `GET ${path}?${param}`,
    who,
    bad: queryCharacters,
    request: (bad) => ({ method: 'GET', url: `${path}?${param}=${encodeURIComponent(inside(value, bad))}` }),
  }));
}

const registration = customerRegistration('registro.control@example.com');
const product = {
  nombre: 'Lámpara de control',
  descripcion_producto: 'Lámpara de escritorio con brazo articulado y luz cálida.',
  valor: '120.50',
  valor_descuento: '99.90',
  stock: '7',
  id_categoria_producto: '7',
  imagen: '/uploads/productos/lampara.webp',
};
const card = { numero: '4242 4242 4242 4242', expiracion: '12/39', cvc: '314', nombre: 'Lucía Hernández' };
const checkout = {
  detalle_venta: [{ id_producto: 1, cantidad: 1 }],
  id_pago: 'pm_sandbox_control',
  direccion_envio: TEST_ADDRESS,
};

const CASES: Case[] = [
  // Visitors.
  ...queryCases('visitor', '/api/products', { name: 'licuadora' }),
  ...queryCases('visitor', '/api/products/categoria/1', { name: 'licuadora' }),
  ...bodyCases('visitor', 'POST', '/api/usuario/login', DEMO_CUSTOMER, ['email', 'password']),
  ...bodyCases('visitor', 'POST', '/api/usuario', { ...registration, imagen: '/uploads/avatars/yo.webp' }, [
    'primer_nombre',
    'primer_apellido',
    'direccion',
    'telefono',
    'email',
    'password',
    'passwordconfirm',
    'imagen',
  ]),
  // Customers.
  ...bodyCases(
    'customer',
    'PUT',
    '/api/usuario',
    { direccion: 'Calle Alcalá 45, Madrid', telefono: '5512345678', imagen: '/uploads/avatars/yo.webp' },
    ['direccion', 'telefono', 'imagen'],
  ),
  ...bodyCases(
    'customer',
    'PUT',
    '/api/usuario/password',
    { password_actual: 'secreto123', password: 'nueva12345', passwordconfirm: 'nueva12345' },
    ['password_actual', 'password', 'passwordconfirm'],
  ),
  ...queryCases('customer', '/api/email', { email: DEMO_CUSTOMER.email }),
  ...bodyCases(
    'customer',
    'POST',
    '/api/products/1/calificacion',
    { valor_calificacion: 5, descripcion_motivo: 'Muy buena', id_detalle_venta: 1 },
    ['descripcion_motivo'],
    ['descripcion_motivo'],
  ),
  ...bodyCases('customer', 'POST', '/api/pagos/sandbox/metodos', card, [
    'numero',
    'expiracion',
    'cvc',
    'nombre',
  ]),
  ...bodyCases('customer', 'POST', '/api/venta', checkout, ['id_pago']),
  ...(['nombre', 'direccion', 'telefono'] as const).map(
    (field): Case => ({
      name: `POST /api/venta direccion_envio.${field}`,
      who: 'customer',
      bad: bodyCharacters(false),
      request: (bad) => ({
        method: 'POST',
        url: '/api/venta',
        body: {
          ...checkout,
          direccion_envio: { ...TEST_ADDRESS, [field]: inside(TEST_ADDRESS[field], bad) },
        },
      }),
    }),
  ),
  {
    name: 'POST /api/venta Idempotency-Key',
    who: 'customer',
    // What an HTTP header can carry: a tab, and bytes above 0x7f (read as Latin-1, so 0x85 is U+0085).
    bad: ['\t', '\u0085'],
    request: (bad) => ({
      method: 'POST',
      url: '/api/venta',
      body: checkout,
      headers: { 'idempotency-key': inside(randomUUID(), bad) },
    }),
  },
  ...queryCases('customer', '/api/venta', { desde: '2026-01-01', hasta: '2026-12-31' }),
  // Administrators.
  ...queryCases('admin', '/api/products/admin', { name: 'licuadora' }),
  ...queryCases('admin', '/api/admin/auditoria', { entidad: 'producto' }),
  ...bodyCases('admin', 'POST', '/api/products', product, Object.keys(product), ['descripcion_producto']),
  ...bodyCases('admin', 'PUT', '/api/products/1/editProduct', product, Object.keys(product), [
    'descripcion_producto',
  ]),
];

describe.each(TEST_DATABASE_KINDS)('control characters in client input on %s', (kind) => {
  let t: TestApp;
  const agents = {} as Record<Who, Agent>;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    agents.visitor = new Agent(t.app);
    agents.customer = (await newCustomer(t.app, 'control.cliente@example.com')).agent;
    agents.admin = new Agent(t.app);
    await agents.admin.signIn(t.config.admin.email, t.config.admin.password);
  });
  afterAll(() => t.close());

  /** Everything a request could have stored or changed (sessions aside: signing in is not at stake). */
  async function everything() {
    const tables = [
      usuario,
      producto,
      venta,
      detalleVenta,
      motivoCalificacion,
      auditoria,
      intentoLogin,
      metodoPagoSandbox,
      cargoSandbox,
    ] as const;
    return Promise.all(tables.map((table) => t.db.select().from(table)));
  }

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = await everything();
    const logged = t.logs.length;
    for (const bad of c.bad) {
      const { method, url, body, headers } = c.request(bad);
      const label = `${c.name} with U+${bad.charCodeAt(0).toString(16).padStart(4, '0')}`;
      const res = await agents[c.who].request(method, url, body, headers);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json(), label).toMatchObject({ error: 'Bad Request', message: FORBIDDEN_CHARACTERS });
    }
    expect(await everything()).toEqual(before);
    expect(t.logs.slice(logged).filter((line) => line.level >= 50)).toEqual([]);
  });
});
