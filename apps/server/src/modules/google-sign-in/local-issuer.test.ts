import { describe, expect, it } from 'vitest';
import { startLocalIssuer } from './local-issuer';

describe('the local sign-in issuer', () => {
  it('answers 503 while its provider cannot be made, and makes it on a later request', async () => {
    // The provider is made on the first request; the client id is read then. Reading it fails once here,
    // as loading oidc-provider or making the signing key could.
    let failures = 1;
    const errors: unknown[] = [];
    const local = await startLocalIssuer({
      get clientId() {
        if (failures-- > 0) throw new Error('no se pudo crear el proveedor');
        return 'vitrina';
      },
      clientSecret: 'secreto-de-prueba',
      redirectUri: 'http://127.0.0.1:9/api/auth/google/callback',
      onError: (err) => errors.push(err),
    });
    try {
      const discovery = `${local.issuer}/.well-known/openid-configuration`;
      expect((await fetch(discovery)).status).toBe(503);
      expect(errors).toEqual([expect.objectContaining({ message: 'no se pudo crear el proveedor' })]);

      const retried = await fetch(discovery);
      expect(retried.status).toBe(200);
      expect(await retried.json()).toMatchObject({ issuer: local.issuer });
      expect(errors).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});
