// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { PASSWORD_RESET_MESSAGES } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { createFetchStub } from '../../../testing/fetch-stub';
import { apiError } from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { RecoverPasswordPage } from './recover-password-page';
import { ResetPasswordPage } from './reset-password-page';

const api = createFetchStub({ otherwise: () => new Response(null, { status: 500 }) });
setUpAppTests(api);

const type = (label: string, value: string) =>
  act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }));
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

const renderAt = (path: string) =>
  renderApp(
    [
      { path: '/recuperar', element: <RecoverPasswordPage /> },
      { path: '/restablecer', element: <ResetPasswordPage /> },
      { path: '/login', element: <h1>Página de login</h1> },
    ],
    { path },
  );

describe('password recovery pages', () => {
  it('asks for the e-mail and answers the same whatever the address', async () => {
    api.on('POST /api/usuario/recuperar', () => new Response(null, { status: 204 }));
    renderAt('/recuperar');
    await type('Email', 'ana@example.com');
    await click('Enviar enlace');
    expect((await screen.findByText(PASSWORD_RESET_MESSAGES.sent)).getAttribute('role')).toBe('status');
    expect(api.calls('POST /api/usuario/recuperar')[0]?.body).toEqual({ email: 'ana@example.com' });
  });

  it('says why a request was refused (too many) and keeps the form', async () => {
    api.on('POST /api/usuario/recuperar', () =>
      Response.json(apiError('Too Many Requests', PASSWORD_RESET_MESSAGES.tooMany), { status: 429 }),
    );
    renderAt('/recuperar');
    await type('Email', 'ana@example.com');
    await click('Enviar enlace');
    expect((await screen.findByText(PASSWORD_RESET_MESSAGES.tooMany)).getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it("sends the link's token with the new password, then goes to sign in", async () => {
    api.on('POST /api/usuario/restablecer', () => new Response(null, { status: 204 }));
    const router = renderAt('/restablecer#token=abc_123-XYZ');
    await type('Nueva contraseña', 'nuevaClave1');
    await type('Confirmar contraseña', 'nuevaClave1');
    await click('Guardar contraseña');
    expect(await screen.findByRole('heading', { name: 'Página de login' })).toBeTruthy();
    expect(router.location.pathname).toBe('/login');
    expect(api.calls('POST /api/usuario/restablecer')[0]?.body).toEqual({
      token: 'abc_123-XYZ',
      password: 'nuevaClave1',
      passwordconfirm: 'nuevaClave1',
    });
    expect(await screen.findByText('Cambio exitoso')).toBeTruthy();
  });

  it('checks the password rules before asking, and shows a spent link', async () => {
    api.on('POST /api/usuario/restablecer', () =>
      Response.json(apiError('Bad Request', PASSWORD_RESET_MESSAGES.invalidLink), { status: 400 }),
    );
    renderAt('/restablecer#token=usado');
    await type('Nueva contraseña', 'sinnumeros');
    await type('Confirmar contraseña', 'sinnumeros');
    await click('Guardar contraseña');
    expect(api.calls('POST /api/usuario/restablecer')).toHaveLength(0);
    await type('Nueva contraseña', 'conNumero1');
    await type('Confirmar contraseña', 'conNumero1');
    await click('Guardar contraseña');
    expect((await screen.findByText(PASSWORD_RESET_MESSAGES.invalidLink)).getAttribute('role')).toBe('alert');
    expect(screen.getByRole('link', { name: 'Pedir otro enlace' }).getAttribute('href')).toBe('/recuperar');
  });

  it('says a link without its token is not valid', async () => {
    renderAt('/restablecer');
    expect(screen.getByText(PASSWORD_RESET_MESSAGES.invalidLink).getAttribute('role')).toBe('alert');
  });
});
