import { profileIncomplete, RETURN_TO_PARAM, safeReturnPath } from '@vitrina/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../storage/local';
import type { ShopIdentity } from '../mail';
import { cookieSecure, startSession } from '../sessions';
import { currentShop } from '../settings';
import { signInWithGoogle } from './google-accounts';
import {
  flowCookieCodec,
  googleCallbackUrl,
  type OidcClientConfig,
  oidcClient,
  SIGN_IN_FLOW_MS,
} from './oidc-client';

export interface GoogleRoutesOptions {
  db: Db;
  config: Config;
  oidc: OidcClientConfig;
  /** Where a new account's profile picture is stored: the app's storage, as for uploads. */
  storage: FileStorage;
  /** The shop as the configuration names it; the welcome e-mail names it as saved in Ajustes › Tienda. */
  shop: ShopIdentity;
}

/** Holds the sign-in's state, nonce and PKCE verifier between the two routes below. */
export const FLOW_COOKIE = 'google_signin';
const FLOW_COOKIE_PATH = '/api/auth/google';
/** Where the web app shows SPEC §8's messages for a failed Google sign-in. */
export const GOOGLE_FAILED = '/login?error=google';
export const ACCOUNT_DISABLED = '/login?error=desactivada';

const tags = ['Cuentas'];

/** Where a signed-in account lands, with the flag the web app greets it by ('/pedido/12?login=google'). */
function withGoogleGreeting(path: string): string {
  const hashAt = path.indexOf('#');
  const [page, hash] = hashAt === -1 ? [path, ''] : [path.slice(0, hashAt), path.slice(hashAt)];
  return `${page}${page.includes('?') ? '&' : '?'}login=google${hash}`;
}

/**
 * "Continuar con Google" (DESIGN.md: identity verified by the server through OpenID Connect). Both
 * routes are browser navigations, so every outcome is a redirect, never a JSON error.
 */
export const googleRoutes: FastifyPluginAsyncZod<GoogleRoutesOptions> = async (
  app,
  { db, config, oidc, storage, shop },
) => {
  const redirectUri = googleCallbackUrl(config);
  const client = oidcClient(oidc, redirectUri);
  const flowCookie = flowCookieCodec(config.cookieSecret);
  const secure = cookieSecure(config.publicUrl);

  const redirect = (reply: FastifyReply, to: string) =>
    reply.header('cache-control', 'no-store').redirect(to, 302);

  app.get(
    '/auth/google',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Inicia sesión con Google: redirige al emisor OpenID Connect',
        querystring: z.object({
          // Anything but a path of this shop is ignored, never refused: this is a browser navigation.
          [RETURN_TO_PARAM]: z
            .string()
            .optional()
            .catch(undefined)
            .describe('Página de la tienda a la que volver después (una ruta, p. ej. /pedido/12)'),
        }),
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.query[RETURN_TO_PARAM]) ?? undefined;
      let started: Awaited<ReturnType<typeof client.begin>>;
      try {
        started = await client.begin();
      } catch (err) {
        request.log.warn({ err }, 'google sign-in: issuer discovery failed');
        return redirect(reply, GOOGLE_FAILED);
      }
      // SameSite=Lax, not Strict: the callback is a top-level navigation coming back from the issuer.
      reply.setCookie(FLOW_COOKIE, flowCookie.seal({ ...started.flow, returnTo }), {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: FLOW_COOKIE_PATH,
        maxAge: SIGN_IN_FLOW_MS / 1000,
      });
      return redirect(reply, started.url.href);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      config: { access: 'anyone' },
      schema: { tags, summary: 'Vuelta del emisor: crea o vincula la cuenta, abre la sesión y redirige' },
    },
    async (request, reply) => {
      const flow = flowCookie.open(request.cookies[FLOW_COOKIE]);
      // Single use: whatever happens next, this sign-in attempt is over.
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      if (!flow) {
        request.log.info('google sign-in: no valid sign-in cookie (forged, expired or another browser)');
        return redirect(reply, GOOGLE_FAILED);
      }
      // The URL the issuer redirected to, rebuilt from the registered redirect_uri rather than Host.
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = new URL(request.url, 'http://callback').search;

      let claims: Awaited<ReturnType<typeof client.finish>>;
      try {
        claims = await client.finish(callbackUrl, flow);
      } catch (err) {
        request.log.info({ err }, 'google sign-in: refused by the issuer or failed validation');
        return redirect(reply, GOOGLE_FAILED);
      }

      try {
        const result = await signInWithGoogle(db, claims, {
          storage,
          shop: await currentShop(db, shop),
        });
        if (result.outcome !== 'signed-in') {
          request.log.info({ outcome: result.outcome }, 'google sign-in: identity not accepted');
          return redirect(reply, GOOGLE_FAILED);
        }
        const { user } = result;
        if (!user.estado) return redirect(reply, ACCOUNT_DISABLED);
        await startSession(db, request, reply, user.id_usuario, 'google', { secure });
        // SPEC: an incomplete profile goes to its first-time form; otherwise the page that asked, or home.
        if (profileIncomplete(user)) return redirect(reply, '/account?login=google');
        return redirect(reply, withGoogleGreeting(flow.returnTo ?? '/'));
      } catch (err) {
        request.log.error({ err }, 'google sign-in: could not sign in the account');
        return redirect(reply, GOOGLE_FAILED);
      }
    },
  );
};
