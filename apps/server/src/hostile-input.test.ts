import { XSRF_COOKIE, XSRF_HEADER } from '@vitrina/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, type DeclaredRoute, declaredRoutes } from './plugins/auth';
import { Agent, newCustomer } from './test/agent';
import { seededTestApp, type TestApp } from './test/app';
import { TEST_DATABASE_KINDS } from './test/databases';
import { keysOf, VALID_REQUESTS } from './test/route-samples';

/*
 * Every route, called by everyone allowed to call it, with hostile values in each path parameter, each
 * query field and each body field (the rest of the body valid), and with hostile raw bodies. Whatever
 * arrives, the shop answers with a status below 500, a Spanish message, and no error in its log.
 */

/** Values for a JSON body field: control characters, lone surrogates, sizes, types, numbers past int4. */
const HOSTILE_VALUES: unknown[] = [
  '\u0000',
  'texto\u0000con nulo',
  'campana\u0007',
  'escape\u001b[31m',
  '\uD800',
  'x'.repeat(100_000),
  "' OR 1=1 --",
  '💥',
  '',
  ' ',
  '2025-02-31',
  null,
  true,
  [],
  {},
  [1, 2],
  { $gt: '' },
  0,
  -1,
  1.5,
  2147483648,
  -2147483649,
  1e308,
  2 ** 53 + 2,
];

/** Values for a query field or a path parameter, as they travel in a URL. */
const HOSTILE_URL_VALUES = [
  '%00',
  'a%00b',
  '%07',
  '%FF',
  '%C0%AF',
  '%ED%A0%80',
  '%E2%80%AE',
  '%F0%9F%92%A5',
  '99999999999999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '1e309',
  '0x10',
  '',
  '%20',
  'x'.repeat(4000),
  '%5B%5D',
  '2025-02-31',
  '9999-99-99',
  "'--",
];

/** Raw bodies that are not what any route expects. */
const HOSTILE_BODIES = [
  '',
  'null',
  '[]',
  '"texto"',
  '1e999',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
];

/** English validation texts that must never reach a Spanish-speaking shopper. */
const ENGLISH = /\b(Invalid|Expected|Required|received|must be|Unrecognized|Too (big|small))\b/;

/** Who may call a route at each access level (the refused ones are auth.test.ts's business). */
const ALLOWED: Record<Access, Array<'visitor' | 'customer' | 'admin'>> = {
  anyone: ['visitor', 'customer'],
  buyer: ['visitor', 'customer'],
  user: ['customer', 'admin'],
  customer: ['customer'],
  admin: ['admin'],
};

/** Routes whose success would end the caller's session, which the walk still needs. */
const SKIPPED = new Set(['POST /api/usuario/logout']);

interface Probe {
  url: string;
  payload?: string;
  headers?: Record<string, string>;
  what: string;
}

function probes(route: DeclaredRoute): Probe[] {
  const key = `${route.method} ${route.url}`;
  const sample = VALID_REQUESTS[key];
  const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const fill = (except?: string, value?: string) =>
    route.url.replace(/:(\w+)/g, (_, name: string) => (name === except ? (value ?? '') : '1'));
  const json = { 'content-type': 'application/json', ...sample?.headers };
  const body = (value: unknown) => (route.method === 'GET' ? undefined : JSON.stringify(value));
  const list: Probe[] = [];

  for (const param of params) {
    for (const value of HOSTILE_URL_VALUES) {
      list.push({ url: fill(param, value), payload: body(sample?.body ?? {}), headers: json, what: param });
    }
  }
  for (const field of keysOf(route.schema?.querystring)) {
    for (const value of HOSTILE_URL_VALUES) {
      list.push({ url: `${fill()}?${field}=${value}`, what: `?${field}` });
    }
    list.push({ url: `${fill()}?${field}=1&${field}=2`, what: `?${field} twice` });
  }
  if (route.method === 'GET') return list;

  const valid = (sample?.body ?? {}) as Record<string, unknown>;
  for (const field of keysOf(route.schema?.body)) {
    for (const value of HOSTILE_VALUES) {
      list.push({
        url: fill(),
        payload: JSON.stringify({ ...valid, [field]: value }),
        headers: json,
        what: field,
      });
    }
  }
  for (const payload of HOSTILE_BODIES) list.push({ url: fill(), payload, headers: json, what: 'raw body' });
  for (const value of ['x'.repeat(5000), ' ', '%00', '{}']) {
    list.push({
      url: fill(),
      payload: JSON.stringify(valid),
      headers: { ...json, 'idempotency-key': value },
      what: 'Idempotency-Key',
    });
  }
  return list;
}

describe.each(TEST_DATABASE_KINDS)('hostile input on every route, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await seededTestApp(kind);
  });
  afterAll(() => t?.close());

  it('never answers 500, always explains in Spanish, and logs no error', async () => {
    const admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const { agent: customer } = await newCustomer(t.app, 'hostil@example.com');
    const visitor = new Agent(t.app);
    await visitor.get('/api/health');
    const callers = { visitor, customer, admin };

    const routes = declaredRoutes(t.app).filter(
      (route) => route.method !== 'HEAD' && !SKIPPED.has(`${route.method} ${route.url}`),
    );
    const wrong: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const who of ALLOWED[route.access]) {
        const caller = callers[who];
        for (const probe of probes(route)) {
          const res = await t.app.inject({
            method: route.method,
            url: probe.url,
            payload: probe.payload,
            headers: {
              cookie: [...caller.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
              [XSRF_HEADER]: caller.cookies.get(XSRF_COOKIE) ?? '',
              ...probe.headers,
            },
          });
          sent++;
          const label = `${who}: ${route.method} ${route.url} (${probe.what}) ${probe.url.slice(0, 80)} → ${res.statusCode}`;
          if (res.statusCode >= 500) wrong.push(`${label} ${res.body.slice(0, 200)}`);
          if (res.statusCode < 400 || !String(res.headers['content-type']).includes('json')) continue;
          const answer = res.json() as { message?: unknown; fields?: Record<string, string> };
          const texts = [answer.message, ...Object.values(answer.fields ?? {})];
          if (typeof answer.message !== 'string' || texts.some((text) => ENGLISH.test(String(text)))) {
            wrong.push(`${label} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
    expect(t.logs.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
  });
});
