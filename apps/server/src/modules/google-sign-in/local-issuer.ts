import { createHash, generateKeyPair, type JsonWebKey, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normalizeEmail } from '@vitrina/shared';
import type { Account, Interaction, Provider } from 'oidc-provider';
import { errorPage, MAX_FIELD, sendPage, signInPage } from './local-issuer-pages';

/*
 * A real OpenID Connect issuer on loopback for development, demos and tests, so "Continuar con Google"
 * runs the same code path offline that it runs against accounts.google.com: authorization code + PKCE,
 * signed ID tokens, discovery. Instead of a Google account the shopper types a name and an e-mail on a
 * small sign-in page; whatever they type is trusted (e-mail marked verified), which is exactly why
 * production refuses this issuer unless ALLOW_LOCAL_OIDC=true (config.ts).
 * State (interactions, codes, sessions) lives in oidc-provider's in-memory adapter: one process only.
 */

export interface LocalIssuerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  clientId: string;
  clientSecret: string;
  /** The shop's callback, the only redirect_uri the issuer accepts. */
  redirectUri: string;
  /** Where unexpected issuer errors go; silent by default. */
  onError?: (err: unknown) => void;
}

export interface LocalIssuer {
  issuer: string;
  close(): Promise<void>;
}

interface LocalAccount {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
}

const SCOPE = 'openid email profile';
/** Seconds of clock skew accepted (oidc-provider's default, stated so its store uses the same). */
const CLOCK_TOLERANCE = 15;
const MAX_BODY_BYTES = 8 * 1024;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The same e-mail always gets the same subject, so signing in twice finds the same shop account. */
export const localSubject = (email: string) =>
  createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 32);

export async function startLocalIssuer(options: LocalIssuerOptions): Promise<LocalIssuer> {
  const { host = '127.0.0.1', port = 0, onError = () => {} } = options;
  const accounts = new Map<string, LocalAccount>();
  // The provider is made on the first request, not at start-up: loading oidc-provider and making its
  // signing key cost CPU that every start of the shop and every test app would pay for an issuer that
  // most of them never ask (docs/decisions/021). A failure is answered 503 and tried again next time.
  let handler: Promise<RequestHandler> | undefined;
  const server = createServer((req, res) => {
    handler ??= createProvider(issuer, options, accounts)
      .then((provider) => providerHandler(provider, accounts, onError))
      .catch((err: unknown) => {
        handler = undefined;
        throw err;
      });
    handler.then(
      (handle) => handle(req, res),
      (err: unknown) => {
        onError(err);
        res.statusCode = 503;
        res.end();
      },
    );
  });
  server.listen(port, host);
  await once(server, 'listening');
  const { port: actualPort } = server.address() as AddressInfo;
  // The issuer URL contains the port, known once the server listens.
  const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;

  return {
    issuer,
    async close() {
      const closed = once(server, 'close');
      server.close();
      // openid-client keeps connections alive; close() alone would wait for them to time out.
      server.closeAllConnections();
      await closed;
    },
  };
}

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The issuer's requests: its own sign-in pages under /interaction/, everything else oidc-provider's. */
function providerHandler(
  provider: Provider,
  accounts: Map<string, LocalAccount>,
  onError: (err: unknown) => void,
): RequestHandler {
  provider.on('error', onError);
  provider.on('server_error', (_ctx, err) => onError(err));
  const providerListener = provider.callback();
  const interactions = interactionHandler(provider, accounts);
  return (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interactions(req, res).catch((err) => {
        onError(err);
        if (!res.headersSent) sendPage(res, 500, errorPage('No se pudo completar el inicio de sesión.'));
      });
      return;
    }
    providerListener(req, res);
  };
}

let processKey: Promise<JsonWebKey> | undefined;

/**
 * The RSA key this process's issuers sign ID tokens with (RS256, as Google does), made once per process:
 * making one is costly, and the tests sign in through the issuers of many apps (docs/decisions/021).
 */
function processSigningKey(): Promise<JsonWebKey> {
  processKey ??= new Promise((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (err, _publicKey, privateKey) =>
      err ? reject(err) : resolve(privateKey.export({ format: 'jwk' })),
    ),
  );
  return processKey;
}

async function createProvider(
  issuer: string,
  options: LocalIssuerOptions,
  accounts: Map<string, LocalAccount>,
): Promise<Provider> {
  const { Provider, interactionPolicy } = await import('oidc-provider');
  // The library's own in-memory store, named explicitly: this issuer keeps its state in memory by design
  // (one process, nothing worth keeping across a restart), so oidc-provider's warning about using that
  // store by default does not apply. Any other notice it prints (an older Node.js) is left alone.
  const { createMemoryAdapter } = await import('oidc-provider/lib/adapters/memory_adapter.js');
  const policy = interactionPolicy.base();
  // Ask for the account on every sign-in (unlike a remembered Google session), so a developer can
  // switch between test accounts; the check passes once the sign-in page has answered.
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('local_issuer_always_asks', 'the local issuer asks every time', (ctx) =>
        ctx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  const signingKey = await processSigningKey();

  return new Provider(issuer, {
    adapter: createMemoryAdapter(CLOCK_TOLERANCE),
    clockTolerance: CLOCK_TOLERANCE,
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: Interaction) => `/interaction/${interaction.uid}`,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    // Like Google, put the profile claims in the ID token, not only behind the userinfo endpoint.
    conformIdTokenClaims: false,
    findAccount: async (_ctx: unknown, sub: string): Promise<Account | undefined> => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          ...account,
          name: `${account.given_name} ${account.family_name}`.trim(),
          email_verified: true,
        }),
      };
    },
    jwks: { keys: [{ ...signingKey, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    clientBasedCORS: () => false,
    renderError: async (ctx: { type: string; body: unknown }, out: { error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error_description ?? 'No se pudo completar el inicio de sesión.');
    },
  });
}

/** GET /interaction/:uid shows the sign-in page; POST …/login signs in and consents; POST …/abort cancels. */
function interactionHandler(provider: Provider, accounts: Map<string, LocalAccount>) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const [, , uid, action] = (req.url ?? '').split('?')[0]?.split('/') ?? [];
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch {
      return sendPage(
        res,
        400,
        errorPage('La solicitud de inicio de sesión expiró. Vuelve a la tienda e inténtalo de nuevo.'),
      );
    }
    if (interaction.uid !== uid)
      return sendPage(res, 400, errorPage('Solicitud de inicio de sesión no válida.'));

    if (req.method === 'GET' && !action) {
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
      return sendPage(res, 200, signInPage(uid, { email: EMAIL_PATTERN.test(hint) ? hint : undefined }));
    }
    if (req.method === 'POST' && action === 'abort') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'El usuario canceló el inicio de sesión.' },
        { mergeWithLastSubmission: false },
      );
    }
    if (req.method === 'POST' && action === 'login') {
      const form = new URLSearchParams(await readBody(req));
      const entered = {
        nombre: (form.get('nombre') ?? '').trim().slice(0, MAX_FIELD),
        apellido: (form.get('apellido') ?? '').trim().slice(0, MAX_FIELD),
        email: normalizeEmail(form.get('correo') ?? ''),
      };
      if (!entered.nombre || !EMAIL_PATTERN.test(entered.email) || entered.email.length > 254) {
        return sendPage(
          res,
          400,
          signInPage(uid, { ...entered, error: 'Escribe tu nombre y un correo válido.' }),
        );
      }
      const sub = localSubject(entered.email);
      accounts.set(sub, {
        sub,
        email: entered.email,
        given_name: entered.nombre,
        family_name: entered.apellido,
      });
      // Signing in here also grants the requested scopes: there is no separate consent screen.
      const grant = new provider.Grant({ accountId: sub, clientId: String(interaction.params.client_id) });
      grant.addOIDCScope(String(interaction.params.scope ?? SCOPE));
      const grantId = await grant.save();
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    }
    sendPage(res, 405, errorPage('Operación no permitida.'));
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('sign-in form too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
