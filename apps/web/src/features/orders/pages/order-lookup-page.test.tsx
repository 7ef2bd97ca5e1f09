// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { ORDER_LOOKUP_MESSAGES } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { answerSession, createFetchStub } from '../../../testing/fetch-stub';
import { apiError, order, shopConfig } from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { OrderLookupPage } from './order-lookup-page';

const api = createFetchStub({
  routes: {
    'GET /api/usuario/me': answerSession(null),
    'GET /api/config': () => Response.json(shopConfig()),
  },
});
setUpAppTests(api);

const renderPage = () =>
  renderApp([{ path: '/consultar-pedido', element: <OrderLookupPage /> }], { path: '/consultar-pedido' });

const form = () => screen.getByRole('form', { name: 'Consultar pedido' });
const fill = (numero: string, email: string) => {
  fireEvent.change(within(form()).getByLabelText('Número de pedido'), { target: { value: numero } });
  fireEvent.change(within(form()).getByLabelText('Correo electrónico'), { target: { value: email } });
};
const search = () =>
  act(async () => fireEvent.click(within(form()).getByRole('button', { name: 'Buscar pedido' })));

describe('Consultar pedido', () => {
  it("shows a visitor the order found by number and e-mail, without an account's links", async () => {
    api.on('POST /api/pedidos/consulta', () => Response.json(order({ numero_pedido: 'V-000042' })));
    renderPage();
    fill('V-000042', 'ana@example.com');
    await search();
    expect(api.calls('POST /api/pedidos/consulta')[0]?.body).toEqual({
      numero_pedido: 'V-000042',
      email: 'ana@example.com',
    });
    expect(await screen.findByRole('heading', { level: 1, name: /V-000042/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ver todas mis compras' })).toBeNull();
  });

  it('says the same thing for any mismatch, and checks the fields before asking', async () => {
    api.on('POST /api/pedidos/consulta', () =>
      Response.json(apiError('Not Found', ORDER_LOOKUP_MESSAGES.notFound), { status: 404 }),
    );
    renderPage();
    fill('pedido', 'no es correo');
    await search();
    expect(within(form()).getByText('El número de pedido tiene la forma V-000123')).toBeTruthy();
    expect(within(form()).getByText('Por favor ingresa un email válido')).toBeTruthy();
    expect(api.calls('POST /api/pedidos/consulta')).toEqual([]);

    fill('V-000043', 'ana@example.com');
    await search();
    expect(await within(form()).findByText(ORDER_LOOKUP_MESSAGES.notFound)).toBeTruthy();
    // The fields' own messages are gone: the server does not say which part was wrong.
    expect(within(form()).queryByText('Por favor ingresa un email válido')).toBeNull();
  });
});
