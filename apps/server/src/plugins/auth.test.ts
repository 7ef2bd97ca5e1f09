import cookie from '@fastify/cookie';
import {
  idParamsSchema,
  ROLE_AREAS,
  STAFF_MESSAGES,
  type StaffRole,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@vitrina/shared';
import { count, eq } from 'drizzle-orm';
import Fastify, { type FastifyContextConfig, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { auditoria, metodoPagoSandbox, motivoCalificacion, producto, usuario, venta } from '../db/schema';
import { GOOGLE_ISSUER } from '../modules/google-sign-in';
import { findSession, SESSION_COOKIE } from '../modules/sessions';
import { Agent, newCustomer } from '../test/agent';
import { seededTestApp, type TestApp } from '../test/app';
import { TEST_DATABASE_KINDS } from '../test/databases';
import { fieldNames, keysOf, VALID_REQUESTS } from '../test/route-samples';
import { type Access, authPlugin, type DeclaredRoute, declaredRoutes } from './auth';
import { errorsPlugin } from './errors';

/** A value of another type than the sample's. */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 7;
  if (typeof value === 'number') return 'siete';
  if (typeof value === 'boolean') return 'sí';
  return 'texto';
}

type Caller = 'visitor' | 'customer' | 'admin' | StaffRole;

/** Who is refused, and how, by each access level, before any route opens an area to staff. */
const REFUSED: Record<Exclude<Access, 'anyone'>, Array<[Caller, 401 | 403]>> = {
  user: [['visitor', 401]],
  // Guest checkout (decision 085): visitors buy; the shop's own accounts never do.
  buyer: [
    ['admin', 403],
    ['encargado', 403],
    ['ventas', 403],
  ],
  customer: [
    ['visitor', 401],
    ['admin', 403],
    ['encargado', 403],
    ['ventas', 403],
  ],
  admin: [
    ['visitor', 401],
    ['customer', 403],
    ['encargado', 403],
    ['ventas', 403],
  ],
};

/** Who a route refuses: an 'admin' route that opens an area lets in the roles whose areas include it. */
const refusedBy = (route: DeclaredRoute) =>
  REFUSED[route.access as Exclude<Access, 'anyone'>].filter(
    ([who]) =>
      !(who === 'encargado' || who === 'ventas') || !route.staff || !ROLE_AREAS[who].includes(route.staff),
  );

/**
 * What each role may reach, written out by hand (not derived from the declarations): a route declared
 * open or closed by mistake fails here even if the walk agrees with its declaration.
 */
const STAFF_REACHES: Record<StaffRole, string[]> = {
  encargado: [
    'GET /api/products/admin',
    'GET /api/products/admin/:id',
    'POST /api/products',
    'PUT /api/products/:id/editProduct',
    'PUT /api/products/delete/:id',
    'GET /api/products/export.csv',
    'POST /api/products/import',
    'GET /api/products/todascalificaciones',
    'PUT /api/products/calificaciones/:id',
    'PUT /api/products/calificaciones/:id/restaurar',
    'PUT /api/venta/:id/estado',
    'PUT /api/venta/:id/solicitudes/:solicitud',
    'GET /api/admin/carritos/olvidados',
  ],
  ventas: [
    'PUT /api/venta/:id/estado',
    'PUT /api/venta/:id/solicitudes/:solicitud',
    'GET /api/admin/carritos/olvidados',
  ],
};

/** Owner-only routes that must stay so: money leaving the shop, users, settings, the trail, mail, staff. */
const OWNER_ONLY = [
  'POST /api/venta/:id/reembolso',
  'GET /api/venta/export.csv',
  'GET /api/venta/clientes/:id',
  'GET /api/usuario',
  'PUT /api/usuario/delete',
  'PUT /api/ajustes',
  'PUT /api/ajustes/envio',
  'GET /api/ajustes/avisos',
  'PUT /api/ajustes/avisos',
  'GET /api/ajustes/inventario',
  'PUT /api/ajustes/inventario',
  'PUT /api/ajustes/invitados',
  'GET /api/admin/auditoria',
  'GET /api/admin/correos',
  'GET /api/admin/resumen',
  'GET /api/admin/carritos',
  'GET /api/personal',
  'POST /api/personal',
  'PUT /api/personal/:id',
  'DELETE /api/personal/:id',
];

interface Attempt {
  name: string;
  url: string;
  payload?: string;
  headers?: Record<string, string>;
}

const json = (value: unknown) => ({
  payload: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});

/** The requests sent to one route: every way of getting the body or the query right or wrong. */
function attempts(route: DeclaredRoute, url: string): Attempt[] {
  const keys = fieldNames(route);
  if (route.method === 'GET' || route.method === 'HEAD') {
    const wrongQuery = keysOf(route.schema?.querystring)
      .map((key) => `${encodeURIComponent(key)}=no-v%C3%A1lido`)
      .join('&');
    return [
      { name: 'no query', url },
      { name: 'a wrong query', url: `${url}?${wrongQuery || 'x=1'}` },
    ];
  }
  const sample = VALID_REQUESTS[`${route.method} ${route.url}`];
  const bodyKeys = keysOf(route.schema?.body);
  const wrong = Object.fromEntries(
    bodyKeys.map((key) => [key, wrongType((sample?.body as Record<string, unknown> | undefined)?.[key])]),
  );
  const valid = sample ? json(sample.body) : json({});
  return [
    { name: 'no body', url },
    { name: 'an empty object', url, ...json({}) },
    { name: 'a valid body', url, ...valid, headers: { ...valid.headers, ...sample?.headers } },
    { name: 'a body of wrong types', url, ...json(bodyKeys.length ? wrong : { [keys[0] ?? 'x']: [] }) },
    { name: 'malformed JSON', url, payload: '{"a":', headers: { 'content-type': 'application/json' } },
    { name: 'text instead of JSON', url, payload: 'hola', headers: { 'content-type': 'text/plain' } },
    { name: 'a body over the size limit', url, ...json({ relleno: 'x'.repeat(1_100_000) }) },
  ];
}

/** How many rows the tables a protected route could change hold, to see that nothing changed. */
async function snapshot(db: TestApp['db']) {
  const rows = async (
    table:
      | typeof auditoria
      | typeof producto
      | typeof venta
      | typeof metodoPagoSandbox
      | typeof motivoCalificacion,
  ) => (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    auditoria: await rows(auditoria),
    productos: await rows(producto),
    ventas: await rows(venta),
    pagos: await rows(metodoPagoSandbox),
    calificaciones: await rows(motivoCalificacion),
    baneados: (await db.select({ n: count() }).from(usuario).where(eq(usuario.estado, false)))[0]?.n,
  };
}

describe.each(TEST_DATABASE_KINDS)('who may call what, decided before the request is read, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await seededTestApp(kind);
  });
  afterAll(() => t?.close());

  it('answers every protected route 401 or 403, naming no field, whatever a caller without access sends', async () => {
    const admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const { agent: customer } = await newCustomer(t.app, 'recorrido@example.com');
    const visitor = new Agent(t.app);
    await visitor.get('/api/health');
    /** A signed-in staff member of that role (the role set as accepting an invitation sets it). */
    const staffMember = async (rol: StaffRole) => {
      const { agent, user } = await newCustomer(t.app, `${rol}@example.com`);
      await t.db.update(usuario).set({ rol }).where(eq(usuario.id_usuario, user.id_usuario));
      return agent;
    };
    const callers: Record<Caller, Agent> = {
      visitor,
      customer,
      admin,
      encargado: await staffMember('encargado'),
      ventas: await staffMember('ventas'),
    };

    // The walk covers every protected route, with a body each would accept from the right caller.
    const routes = declaredRoutes(t.app).filter((route) => route.access !== 'anyone');
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names.length).toBeGreaterThanOrEqual(20);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/products',
        'PUT /api/usuario/delete',
        // Open to visitors (guest checkout, decision 085) and closed to the shop's own accounts.
        'POST /api/venta',
        'POST /api/venta/:id/confirmar',
        'GET /api/venta',
      ]),
    );
    for (const route of routes) {
      const body = route.schema?.body as z.ZodType | undefined;
      if (!body) continue;
      const sample = VALID_REQUESTS[`${route.method} ${route.url}`];
      expect(sample, `${route.method} ${route.url} needs a sample`).toBeDefined();
      expect(body.safeParse(sample?.body).success, `${route.method} ${route.url} sample`).toBe(true);
    }

    // The hand-written table and the declarations agree, and the owner's routes stay the owner's.
    for (const rol of ['encargado', 'ventas'] as const) {
      const reached = routes
        .filter((route) => route.method !== 'HEAD')
        .filter((route) => route.access === 'admin' && !refusedBy(route).some(([who]) => who === rol))
        .map((route) => `${route.method} ${route.url}`);
      expect(reached.sort(), rol).toEqual([...STAFF_REACHES[rol]].sort());
    }
    expect(names).toEqual(expect.arrayContaining(OWNER_ONLY));
    for (const name of OWNER_ONLY) {
      expect(routes.find((route) => `${route.method} ${route.url}` === name)?.staff, name).toBeUndefined();
    }

    const send = (caller: Agent, route: DeclaredRoute, attempt: Attempt) =>
      t.app.inject({
        method: route.method,
        url: attempt.url,
        payload: attempt.payload,
        headers: {
          cookie: [...caller.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          [XSRF_HEADER]: caller.cookies.get(XSRF_COOKIE) ?? '',
          ...attempt.headers,
        },
      });

    const before = await snapshot(t.db);
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, '1');
      const fields = fieldNames(route);
      const refused = refusedBy(route);
      for (const [who, status] of refused) {
        const caller = callers[who];
        for (const attempt of attempts(route, url)) {
          const res = await send(caller, route, attempt);
          checked++;
          const label = `${who}: ${route.method} ${route.url} with ${attempt.name} → ${res.statusCode}`;
          if (res.statusCode !== status) wrong.push(`${label} ${res.body.slice(0, 200)}`);
          if (route.method === 'HEAD' || res.statusCode !== status) continue;
          const answer = res.json();
          const expected = status === 401 ? 'Unauthorized' : 'Forbidden';
          if (Object.keys(answer).sort().join() !== 'error,message' || answer.error !== expected) {
            wrong.push(`${label} ${res.body}`);
          }
          const named = fields.filter((field) => new RegExp(`\\b${field}\\b`).test(res.body));
          if (named.length) wrong.push(`${label} names ${named.join(', ')}`);
          // Staff hear in Spanish that it is their role (or that staff do not buy), not a bare refusal.
          const buys = route.access === 'customer' || route.access === 'buyer';
          const staffSays = buys ? STAFF_MESSAGES.cannotBuy : STAFF_MESSAGES.forbidden;
          if ((who === 'encargado' || who === 'ventas') && answer.message !== staffSays) {
            wrong.push(`${label} says ${answer.message}`);
          }
        }
      }
      // The owner and the staff an 'admin' route opens to get past the access check: a GET is answered, a
      // body that is not JSON is refused by the parser (400), which reads it only after access was decided.
      for (const who of ['admin', 'encargado', 'ventas'] as const) {
        if (route.access !== 'admin' || refused.some(([r]) => r === who)) continue;
        const attempt =
          route.method === 'GET' || route.method === 'HEAD'
            ? { name: 'no query', url }
            : {
                name: 'malformed JSON',
                url,
                payload: '{"a":',
                headers: { 'content-type': 'application/json' },
              };
        const res = await send(callers[who], route, attempt);
        checked++;
        if (res.statusCode === 401 || res.statusCode === 403) {
          wrong.push(
            `${who} refused: ${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(300);
    expect(await snapshot(t.db)).toEqual(before);

    // The right caller still reaches validation and the handler; an unknown address is still a 404.
    const invalid = await admin.post('/api/products', {});
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toHaveProperty('nombre');
    expect((await customer.put('/api/usuario', { telefono: '12' })).json().fields).toHaveProperty('telefono');
    expect((await customer.get('/api/usuario/me')).json().email).toBe('recorrido@example.com');
    for (const caller of Object.values(callers)) {
      expect((await caller.post('/api/no-existe', { a: 1 })).statusCode).toBe(404);
      expect((await caller.get('/api/no-existe')).statusCode).toBe(404);
    }
  });
});

describe('accountParam: a route about one account', () => {
  let t: TestApp;
  let app: FastifyInstance;
  /** The application's plugins in front of one route that declares the account it is about. */
  async function appWith(route: (app: FastifyInstance) => void) {
    const built = Fastify({ logger: false });
    built.setValidatorCompiler(validatorCompiler);
    built.setSerializerCompiler(serializerCompiler);
    await built.register(errorsPlugin);
    await built.register(cookie);
    await built.register(authPlugin, {
      sessionCookie: SESSION_COOKIE,
      findSession: (token) => findSession(t.db, token),
    });
    route(built);
    return built;
  }
  beforeAll(async () => {
    t = await seededTestApp('pglite');
    app = await appWith((built) =>
      built.withTypeProvider<ZodTypeProvider>().put(
        '/api/cuentas/:id',
        {
          config: { access: 'user', accountParam: 'id' },
          schema: { params: idParamsSchema, body: z.object({ telefono: z.string().min(10) }) },
        },
        async (request) => ({ id: request.params.id }),
      ),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const send = (who: Agent | undefined, id: string, payload?: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/cuentas/${id}`,
      payload,
      headers: {
        cookie: [...(who?.cookies ?? [])].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': 'application/json',
      },
    });

  it('answers 403 to a customer naming another account whatever the body; their own and any for an admin go on to validation', async () => {
    const { agent: customer, user } = await newCustomer(t.app, 'cuenta@example.com');
    const admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const own = String(user.id_usuario);
    const bodies = [undefined, '{}', '{"telefono":"5511223344"}', '{"telefono":5}', '{"a":'];

    for (const id of [String(user.id_usuario + 1), '1', 'abc', '0', '-1', `${own}.0`, `${own}abc`]) {
      for (const body of bodies) {
        const res = await send(customer, id, body);
        expect(res.statusCode, `${id} ${body}`).toBe(403);
        expect(Object.keys(res.json()).sort()).toEqual(['error', 'message']);
        expect(res.body).not.toMatch(/telefono/);
      }
    }
    for (const body of bodies) expect((await send(undefined, own, body)).statusCode).toBe(401);

    const invalid = await send(customer, own, '{}');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toHaveProperty('telefono');
    expect((await send(customer, own, '{"telefono":"5511223344"}')).json()).toEqual({ id: user.id_usuario });
    expect((await send(customer, `0${own}`, '{"telefono":"5511223344"}')).statusCode).toBe(200);
    expect((await send(admin, String(user.id_usuario + 1), '{}')).statusCode).toBe(400);
    expect((await send(admin, own, '{"telefono":"5511223344"}')).statusCode).toBe(200);
  });

  it('refuses a route whose path has no such parameter', async () => {
    await expect(
      appWith((built) =>
        built.get(
          '/api/cuentas/:id_usuario',
          { config: { access: 'user', accountParam: 'id' } },
          async () => ({}),
        ),
      ),
    ).rejects.toThrow(/no :id parameter/);
  });
});

describe('publicCache: answers kept for every caller', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await seededTestApp('pglite');
  });
  afterAll(() => t?.close());

  /** The whole application (buildApp) with one more route, declared as given, started. */
  async function startShopWith(url: string, config: FastifyContextConfig) {
    const app = await buildApp({
      config: t.config,
      database: t.database,
      oidc: { issuer: new URL(GOOGLE_ISSUER), clientId: 'prueba', clientSecret: 'prueba' },
      logger: false,
    });
    try {
      await app.register(async (more) => {
        more.get(url, { config }, async () => ({ ok: true }));
      });
      await app.ready();
    } finally {
      await app.close();
    }
  }

  it('refuses to start with a kept route whose answer could depend on who asks, naming the route', async () => {
    await expect(startShopWith('/api/prueba', { access: 'user', publicCache: true })).rejects.toThrow(
      "Route GET /api/prueba keeps its answers for every caller (config.publicCache) but its access is 'user'",
    );
    await expect(
      startShopWith('/api/prueba', { access: 'anyone', readsSession: true, publicCache: true }),
    ).rejects.toThrow(
      'Route GET /api/prueba keeps its answers for every caller (config.publicCache) but it reads the session (config.readsSession)',
    );
    await expect(startShopWith('/prueba', { publicCache: true })).rejects.toThrow(
      'Route GET /prueba keeps its answers for every caller (config.publicCache) but its access is not declared',
    );
    await expect(
      startShopWith('/api/prueba', { access: 'anyone', publicCache: true }),
    ).resolves.toBeUndefined();
  });
});
