// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerSession, createFetchStub } from '../../../testing/fetch-stub';
import { apiError, sessionUser } from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { AccountPage } from './account-page';

const api = createFetchStub({
  routes: { 'GET /api/usuario/me': answerSession(sessionUser()) },
  otherwise: () => new Response(null, { status: 500 }),
});
setUpAppTests(api);

const showAccount = () => renderApp([{ path: '/account', element: <AccountPage /> }], { path: '/account' });
const reminderSwitch = () => screen.findByRole('switch', { name: 'Recordarme mi carrito' });
const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;

describe('AccountPage: the cart reminder switch', () => {
  it('shows the saved choice and turns the reminder off on the server', async () => {
    api.on('GET /api/carrito/recordatorios', () => Response.json({ recordatorios: true }));
    api.on('PUT /api/carrito/recordatorios', () => Response.json({ recordatorios: false }));
    showAccount();
    const toggle = await reminderSwitch();
    expect(checked(toggle)).toBe(true);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(toggle));
    await waitFor(() => expect(checked(toggle)).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(api.calls('PUT /api/carrito/recordatorios').map((call) => call.body)).toEqual([
      { recordatorios: false },
    ]);
  });

  it('puts the switch back and says why when the change is refused', async () => {
    api.on('GET /api/carrito/recordatorios', () => Response.json({ recordatorios: false }));
    api.on('PUT /api/carrito/recordatorios', () =>
      Response.json(apiError('Bad Request', 'Indica si quieres recibir recordatorios del carrito'), {
        status: 400,
      }),
    );
    showAccount();
    const toggle = await reminderSwitch();
    await act(async () => fireEvent.click(toggle));
    const refusal = await screen.findByText('Indica si quieres recibir recordatorios del carrito');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(checked(toggle)).toBe(false);
  });

  it('is not offered to the shop’s staff, who do not buy', async () => {
    api.on('GET /api/usuario/me', answerSession(sessionUser({ rol: 'ventas' })));
    showAccount();
    expect(await screen.findByRole('heading', { name: 'Mis datos' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Recordatorios' })).toBeNull();
    expect(api.calls('/api/carrito/recordatorios')).toEqual([]);
  });
});
