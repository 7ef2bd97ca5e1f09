import { type LoginType, mayManage, STAFF_MESSAGES, type StaffArea, worksForShop } from '@vitrina/shared';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
} from 'fastify';
import fp from 'fastify-plugin';
import type { usuario } from '../db/schema';
import { forbidden, unauthorized } from '../errors';

export type UserRow = typeof usuario.$inferSelect;

/** A signed-in caller: the session's id, how they signed in, and their account as it is now. */
export interface ActiveSession {
  id: string;
  metodo: LoginType;
  user: UserRow;
}

export interface AuthOptions {
  /** The cookie that carries the session token. */
  sessionCookie: string;
  /** The live session behind a token, or null; the sessions module owns the table, the plugin only asks. */
  findSession: (token: string) => Promise<ActiveSession | null>;
}

/**
 * Who may call a route. Every /api route must declare it (`config: { access }`); the server refuses to
 * start otherwise, so no endpoint is public by accident.
 * - anyone: visitors included;
 * - user: any signed-in account (customer or admin);
 * - customer: a signed-in account that does not work for the shop (buying, rating): neither the owner
 *   nor staff (docs/decisions/071-staff-roles.md);
 * - buyer: a visitor (guest checkout, docs/decisions/085-guest-checkout.md) or a customer; the shop's
 *   own accounts are refused as on a 'customer' route, before the request is read;
 * - admin: the owner only, unless the route also opens an area to staff (`staff`).
 */
export type Access = 'anyone' | 'buyer' | 'user' | 'customer' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * An 'anyone' route that still wants to know who is calling (logout, uploads). Other public routes
     * — the whole catalog — skip the session lookup, so browsing signed in costs no extra query.
     */
    readsSession?: boolean;
    /**
     * An 'admin' route that staff whose role covers this area may call too (ROLE_AREAS in
     * packages/shared). Without it an 'admin' route is the owner's alone: a new route is closed to staff
     * until someone decides to open it (docs/decisions/071-staff-roles.md).
     */
    staff?: StaffArea;
    /**
     * A 'user' route about one account, named by this path parameter (`GET /usuario/:id`): a customer
     * may only name their own, an admin any. Decided with the access, before validation, so a customer
     * naming another account gets 403 whatever the rest of the request holds.
     */
    accountParam?: string;
    /**
     * The route's answers are the same for every caller: the catalog cache may keep them by URL and send
     * them to anyone (catalog/cache.ts). Only routes declared so are kept, and only with access 'anyone'
     * and no readsSession; the server refuses to start otherwise.
     */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
  }
}

/** The signed-in session of a route that declared it needs one. */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The shop's own accounts (owner, staff) never buy: refused as on a 'customer' route. */
export function assertMayBuy(user: UserRow): void {
  if (worksForShop(user))
    throw forbidden(user.admin ? 'Los administradores no pueden comprar.' : STAFF_MESSAGES.cannotBuy);
}

/** A route as declared, with who may call it. */
export interface DeclaredRoute {
  method: HTTPMethods;
  url: string;
  access: Access;
  /** The area an 'admin' route opens to staff, if any. */
  staff: StaffArea | undefined;
  schema: FastifySchema | undefined;
}

const declared = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every route of the application that declared who may call it, in the order they were added. */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return declared.get(app) ?? [];
}

/*
 * Access is decided in onRequest, before the body is read, parsed or validated: a caller who may not
 * use a route gets 401 or 403 whatever it sent (valid, invalid, malformed or too large) and never
 * learns the route's fields. The cookie plugin's onRequest hook, registered earlier, has parsed the
 * cookies by then; the XSRF check (csrf.ts), registered earlier too, runs before this one.
 */
export const authPlugin = fp(async function authPlugin(app: FastifyInstance, options: AuthOptions) {
  app.decorateRequest('session', null);
  const routes: DeclaredRoute[] = [];
  declared.set(app, routes);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it (config.access)`);
    }
    const config = route.config ?? {};
    const { accountParam } = config;
    if (accountParam && !route.url.split('/').includes(`:${accountParam}`)) {
      throw new Error(
        `Route ${route.method} ${route.url} has no :${accountParam} parameter (config.accountParam)`,
      );
    }
    if (config.publicCache) refuseSessionDependentCache(`${route.method} ${route.url}`, config);
    if (config.staff && access !== 'admin') {
      throw new Error(
        `Route ${route.method} ${route.url} opens an area to staff but its access is not 'admin'`,
      );
    }
    if (!access) return;
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, access, staff: config.staff, schema: route.schema });
    }
  });

  // A callback hook: it runs before every answer, and the public catalog's (most of them) need no
  // session, so they skip the promise an async hook would cost.
  app.addHook('onRequest', (request, _reply, done) => {
    const { access, readsSession } = request.routeOptions.config;
    if (!access || (access === 'anyone' && !readsSession)) return done();
    authorize(options, request).then(() => done(), done);
  });
});

/**
 * Throws for a route kept for everyone whose answer could depend on who asks. The session is looked up
 * only for a route that declares it needs one (an access other than 'anyone', or readsSession: the
 * onRequest hook above), so a route that may be kept never sees one: `request.session` is null for
 * every caller and `sessionOf` answers 401 to all of them, whatever its handler tries.
 */
function refuseSessionDependentCache(route: string, { access, readsSession }: FastifyContextConfig) {
  const why =
    access !== 'anyone'
      ? `its access is ${access === undefined ? 'not declared' : `'${access}'`}`
      : readsSession
        ? 'it reads the session (config.readsSession)'
        : undefined;
  if (!why) return;
  throw new Error(
    `Route ${route} keeps its answers for every caller (config.publicCache) but ${why}: only a route with access 'anyone' that reads no session may be kept`,
  );
}

/** Finds the caller's session and refuses a caller the route's access does not admit. */
async function authorize({ sessionCookie, findSession }: AuthOptions, request: FastifyRequest) {
  const { access, accountParam, staff } = request.routeOptions.config;
  const token = request.cookies[sessionCookie];
  request.session = token ? await findSession(token) : null;
  if (access === 'anyone') return;
  const user = request.session?.user;
  if (access === 'buyer') {
    if (user) assertMayBuy(user);
    return;
  }
  if (!user) throw unauthorized();
  if (access === 'admin' && !user.admin) {
    // Staff hear that it is their role; a customer hears the usual refusal.
    if (user.rol === null) throw forbidden();
    if (!staff || !mayManage(user, staff)) throw forbidden(STAFF_MESSAGES.forbidden);
  }
  if (access === 'customer') assertMayBuy(user);
  if (accountParam && !user.admin) {
    // The raw text of the path: "7" and "007" name account 7; anything else is not the caller's.
    const named = (request.params as Record<string, string | undefined>)[accountParam] ?? '';
    if (!/^\d{1,10}$/.test(named) || Number(named) !== user.id_usuario) throw forbidden();
  }
}
