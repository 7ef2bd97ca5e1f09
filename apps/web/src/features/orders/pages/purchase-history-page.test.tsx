// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { GUEST_MESSAGES } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { answerSession, createFetchStub } from '../../../testing/fetch-stub';
import { apiError, sale, sessionUser, shopConfig } from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { PurchaseHistoryPage } from './purchase-history-page';

const api = createFetchStub({
  routes: {
    'GET /api/usuario/me': answerSession(sessionUser()),
    'GET /api/config': () => Response.json(shopConfig()),
    'GET /api/venta': () => Response.json({ items: [], total: 0, page: 1, pageSize: 6 }),
  },
});
setUpAppTests(api);

const renderAt = (path: string) =>
  renderApp([{ path: '/historial-de-compra', element: <PurchaseHistoryPage /> }], { path });

describe('claiming the orders bought without an account (decision 085)', () => {
  it('asks the shop for the e-mail with the link right after signing up from a guest order', async () => {
    api.on('POST /api/pedidos/reclamar', () =>
      Response.json({ message: GUEST_MESSAGES.claimSent }, { status: 202 }),
    );
    renderAt('/historial-de-compra?sumar=1');
    expect((await screen.findByText(GUEST_MESSAGES.claimSent)).getAttribute('role')).toBe('status');
    expect(api.calls('POST /api/pedidos/reclamar')).toHaveLength(1);
  });

  it("moves them with the mailed link's token and lists them", async () => {
    let claimed = false;
    api.on('POST /api/pedidos/reclamar/confirmar', () => {
      claimed = true;
      return Response.json({ reclamados: 1, message: GUEST_MESSAGES.claimed(1) });
    });
    api.on('GET /api/venta', () =>
      Response.json({ items: claimed ? [sale()] : [], total: claimed ? 1 : 0, page: 1, pageSize: 6 }),
    );
    renderAt('/historial-de-compra?reclamar=firma');
    expect(await screen.findByText('Sumamos 1 compra a tu cuenta.')).toBeTruthy();
    expect(api.calls('POST /api/pedidos/reclamar/confirmar')[0]?.body).toEqual({ token: 'firma' });
    expect(await screen.findByRole('heading', { name: /V-0000/ })).toBeTruthy();
  });

  it("says so when the link is not this account's", async () => {
    api.on('POST /api/pedidos/reclamar/confirmar', () =>
      Response.json(apiError('Bad Request', GUEST_MESSAGES.claimInvalid), { status: 400 }),
    );
    renderAt('/historial-de-compra?reclamar=otra');
    expect((await screen.findByText(GUEST_MESSAGES.claimInvalid)).getAttribute('role')).toBe('alert');
  });
});
