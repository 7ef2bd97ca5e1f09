import type { APIRequestContext, Page } from '@playwright/test';

/** A 4×4 PNG, enough for the server to decode and re-encode as a real image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWPYYiMCRwzEcQCwwxBBCfp2mgAAAABJRU5ErkJggg==',
  'base64',
);

let sequence = 0;
/** A unique e-mail within the 30 characters registration allows. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}@ej.mx`.slice(-30);

/**
 * The shop's API as the web app calls it: cookies kept by Playwright's request context, and the
 * XSRF-TOKEN cookie echoed in the X-XSRF-TOKEN header of state-changing requests.
 */
export async function apiAs(request: APIRequestContext) {
  await request.get('/api/health');
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const send = (method: 'post' | 'put', url: string, data: unknown) =>
    request[method](url, { data, headers: { 'X-XSRF-TOKEN': xsrf } });
  return {
    post: (url: string, data: unknown) => send('post', url, data),
    put: (url: string, data: unknown) => send('put', url, data),
    async signIn(email: string, password: string) {
      const res = await send('post', '/api/usuario/login', { email, password });
      if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
      return (await res.json()).session as { id_usuario: number };
    },
    /** Pays one unit of a product with the sandbox's approving card; answers the sale. */
    async buy(id_producto: number) {
      const card = await send('post', '/api/pagos/sandbox/metodos', {
        numero: '4242 4242 4242 4242',
        expiracion: '12/30',
        cvc: '123',
        nombre: 'Prueba Playwright',
      });
      const { id_pago } = await card.json();
      const res = await request.post('/api/venta', {
        data: {
          detalle_venta: [{ id_producto, cantidad: 1 }],
          id_pago,
          direccion_envio: {
            nombre: 'Prueba Playwright',
            direccion: 'Calle de Alcalá 45, Madrid',
            telefono: '5512345678',
          },
        },
        headers: { 'X-XSRF-TOKEN': xsrf, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
      });
      if (res.status() !== 201) throw new Error(`purchase failed: ${res.status()} ${await res.text()}`);
      return (await res.json()) as { detalle_venta: Array<{ id_detalle_venta: number }> };
    },
    async register(email: string, password = 'Prueba12345') {
      const res = await send('post', '/api/usuario', {
        primer_nombre: 'Prueba',
        primer_apellido: 'Playwright',
        direccion: 'Calle Durango 120, Roma Norte',
        telefono: '5512345678',
        email,
        password,
        passwordconfirm: password,
      });
      if (res.status() !== 201) throw new Error(`registration failed: ${res.status()} ${await res.text()}`);
      return (await res.json()) as { id_usuario: number };
    },
  };
}

/** This page hears that the shop does not sell to visitors without an account (GET /api/ajustes/invitados). */
export async function guestCheckoutOff(page: Page): Promise<void> {
  await page.route('**/api/ajustes/invitados', (route) =>
    route.fulfill({ json: { compra_invitado: false } }),
  );
}
