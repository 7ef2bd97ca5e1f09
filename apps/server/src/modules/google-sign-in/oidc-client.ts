import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../config';
import { startLocalIssuer } from './local-issuer';

/*
 * The shop's side of "Sign in with Google": OpenID Connect authorization code flow with PKCE, state
 * and nonce (openid-client). The same code talks to accounts.google.com or, without Google
 * credentials, to the local development issuer (local-issuer.ts).
 */

export const GOOGLE_ISSUER = 'https://accounts.google.com';
const SCOPE = 'openid email profile';
/** How long a shopper may take on the issuer's pages before the sign-in has to start again. */
export const SIGN_IN_FLOW_MS = 10 * 60 * 1000;
/** How long Google's discovery may take before a sign-in gives up: a shopper never waits on an unreachable issuer. */
const DISCOVERY_TIMEOUT_S = 5;
/**
 * The local issuer answers from this very process, so no network can make it fail: only a saturated
 * machine slows it, as a test run side by side with the browser suite once did past Google's limit.
 */
const LOCAL_DISCOVERY_TIMEOUT_S = 60;

export interface OidcClientConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Present when the local development issuer runs in this process; close it on shutdown. */
  local?: { close(): Promise<void> };
}

export const googleCallbackUrl = (config: Pick<Config, 'publicUrl'>) =>
  `${config.publicUrl}/api/auth/google/callback`;

/**
 * Google when GOOGLE_CLIENT_ID/SECRET are set; otherwise starts the local issuer on loopback with a
 * client made up for this run. Nothing here talks to Google: discovery happens on the first sign-in.
 */
export async function resolveOidc(
  config: Pick<Config, 'google' | 'publicUrl'>,
  options: { port?: number; onError?: (err: unknown) => void } = {},
): Promise<OidcClientConfig> {
  if (config.google) return { issuer: new URL(GOOGLE_ISSUER), ...config.google };
  const clientId = 'vitrina-local';
  const clientSecret = randomBytes(24).toString('base64url');
  const local = await startLocalIssuer({
    ...options,
    host: '127.0.0.1',
    clientId,
    clientSecret,
    redirectUri: googleCallbackUrl(config),
  });
  return { issuer: new URL(local.issuer), clientId, clientSecret, local };
}

/** What one sign-in must remember between leaving for the issuer and coming back. */
export interface SignInFlow {
  state: string;
  nonce: string;
  verifier: string;
  startedAt: number;
  /** The shop's page to come back to once signed in (a checked path), when one asked for the sign-in. */
  returnTo?: string;
}

const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});
/** The identity claims the shop uses, as the issuer signed them. */
export type IdentityClaims = z.infer<typeof claimsSchema>;

export function oidcClient(oidc: OidcClientConfig, redirectUri: string) {
  // Lazily, and again after a failure: the shop must start even when Google is unreachable.
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(oidc.issuer, oidc.clientId, oidc.clientSecret, undefined, {
        timeout: oidc.local ? LOCAL_DISCOVERY_TIMEOUT_S : DISCOVERY_TIMEOUT_S,
        // Plain http is only acceptable for the issuer this process started on loopback.
        ...(oidc.local ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  return {
    /** The issuer's authorization URL for a new sign-in, and what to remember until the callback. */
    async begin(): Promise<{ url: URL; flow: SignInFlow }> {
      const config = await configuration();
      const flow: SignInFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        startedAt: Date.now(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        // Let a shopper with several Google accounts choose; the local issuer asks every time anyway.
        ...(oidc.local ? {} : { prompt: 'select_account' }),
      });
      return { url, flow };
    },

    /**
     * Checks the issuer's answer (state, iss), exchanges the code with the PKCE verifier and validates
     * the ID token (signature, audience, expiry, nonce). Throws on any failure, denial included.
     */
    async finish(callbackUrl: URL, flow: SignInFlow): Promise<IdentityClaims> {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('the issuer sent no ID token');
      // Google puts the profile in the ID token; an issuer that does not is asked at userinfo.
      const userinfo =
        idToken.email === undefined
          ? await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
          : {};
      return claimsSchema.parse({ ...userinfo, ...idToken });
    },
  };
}
export type OidcClient = ReturnType<typeof oidcClient>;

/**
 * The sign-in flow travels in a cookie, encrypted and authenticated (AES-256-GCM) with a key derived
 * from COOKIE_SECRET: the browser can neither read the PKCE verifier nor forge a state.
 */
export function flowCookieCodec(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'vitrina google sign-in flow', 32));
  return {
    seal(flow: SignInFlow): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    /** The flow, or null when the cookie is missing, forged, or older than SIGN_IN_FLOW_MS. */
    open(sealed: string | undefined): SignInFlow | null {
      if (!sealed) return null;
      try {
        const bytes = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12), { authTagLength: 16 });
        decipher.setAuthTag(bytes.subarray(12, 28));
        const json = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
        const flow = flowSchema.parse(JSON.parse(json));
        const age = Date.now() - flow.startedAt;
        return age >= 0 && age <= SIGN_IN_FLOW_MS ? flow : null;
      } catch {
        return null;
      }
    },
  };
}

const flowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  startedAt: z.number(),
  returnTo: z.string().optional(),
});
