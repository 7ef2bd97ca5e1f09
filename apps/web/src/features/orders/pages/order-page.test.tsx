// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { GUEST_MESSAGES, PAYMENT_RECEIVED } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { answerSession, createFetchStub } from '../../../testing/fetch-stub';
import { apiError, order, sessionUser, shopConfig } from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { OrderPage } from './order-page';

const api = createFetchStub({
  routes: {
    'GET /api/usuario/me': answerSession(sessionUser()),
    'GET /api/config': () => Response.json(shopConfig()),
  },
});
setUpAppTests(api);

const renderOrder = (state?: unknown, path = '/pedido/7') =>
  renderApp([{ path: '/pedido/:id', element: <OrderPage /> }], { path, state });

describe('OrderPage', () => {
  it('right after paying, thanks the shopper and shows the number, lines, money, address, card and what comes next', async () => {
    api.on('GET /api/venta/7', () => Response.json(order()));
    await renderOrder({ justPaid: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido V-000007' })).toBeTruthy();
    expect(await screen.findByText('¡Gracias por tu compra!')).toBeTruthy();
    expect(screen.getByRole('region', { name: '¿Qué sigue?' }).textContent).toMatch(
      /te avisaremos por correo/,
    );
    const products = screen.getByRole('region', { name: 'Productos' });
    expect(within(products).getByRole('rowheader', { name: 'Camiseta' })).toBeTruthy();
    expect(within(products).getByText('Envío').nextElementSibling?.textContent).toBe('$5.00');
    expect(within(products).getByText('Total').nextElementSibling?.textContent).toBe('$36.80');
    const shipping = screen.getByRole('region', { name: 'Envío' });
    expect(within(shipping).getByText(/Calle Durango 120, Roma Norte/)).toBeTruthy();
    expect(within(shipping).getByText('Visa •••• 4242')).toBeTruthy();
    expect(within(shipping).getByText('Pagado')).toBeTruthy();
  });

  it('right after a payment the server is still recording, says so and shows the paid order as soon as it is', async () => {
    let recorded = false;
    api.on('GET /api/venta/7', () =>
      Response.json(recorded ? order() : order({ estado: 'pendiente', numero_pedido: null, historial: [] })),
    );
    await renderOrder({ justPaid: true });
    const next = await screen.findByRole('region', { name: '¿Qué sigue?' });
    expect(next.textContent).toContain(PAYMENT_RECEIVED);
    expect(screen.getByText('¡Gracias por tu compra!')).toBeTruthy();
    recorded = true;
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pedido V-000007' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: '¿Qué sigue?' }).textContent).toMatch(
      /Recibimos tu pago y te enviamos/,
    );
  });

  it('does not say a pending order reached from the history is being recorded', async () => {
    api.on('GET /api/venta/7', () =>
      Response.json(order({ estado: 'pendiente', numero_pedido: null, historial: [] })),
    );
    await renderOrder();
    const next = await screen.findByRole('region', { name: '¿Qué sigue?' });
    expect(next.textContent).toMatch(/sigue pendiente de confirmación/);
  });

  it('shows the tracking number of a shipped order, and no thanks when reached from the history', async () => {
    api.on('GET /api/venta/7', () =>
      Response.json(order({ estado: 'enviada', transportista: 'Estafeta', guia: 'EST-123' })),
    );
    await renderOrder();
    const next = await screen.findByRole('region', { name: '¿Qué sigue?' });
    expect(next.textContent).toContain('número de guía EST-123 en Estafeta');
    expect(within(screen.getByRole('region', { name: 'Envío' })).getByText('EST-123')).toBeTruthy();
    expect(screen.queryByText('¡Gracias por tu compra!')).toBeNull();
  });

  it("says an order that is not the shopper's does not exist, with no retry", async () => {
    api.on('GET /api/venta/7', () => Response.json(apiError('Not Found', 'No encontrado'), { status: 404 }));
    await renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'No existe este pedido' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver mis compras' }).getAttribute('href')).toBe(
      '/historial-de-compra',
    );
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])(
    'says /pedido/%s does not exist without asking the server or offering a retry',
    async (id) => {
      // As the server answers a malformed id.
      api.otherwise(() =>
        Response.json(apiError('Bad Request', 'El identificador no es válido'), { status: 400 }),
      );
      await renderOrder(undefined, `/pedido/${id}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'No existe este pedido' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
      expect(screen.queryByText(/problema momentáneo/)).toBeNull();
      const asked = api.fetchMock.mock.calls.map(([input]) => String(input));
      expect(asked.filter((url) => url.includes('/venta'))).toEqual([]);
      expect(document.title).toMatch(/^Pedido no encontrado/);
    },
  );

  it('offers a retry when the server failed, and shows the order once it answers', async () => {
    let failing = true;
    api.on('GET /api/venta/7', () =>
      failing
        ? Response.json(apiError('Internal Server Error', 'Error'), { status: 500 })
        : Response.json(order()),
    );
    await renderOrder();
    expect(await screen.findByText(/problema momentáneo/)).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido V-000007' })).toBeTruthy();
  });
  describe('an order waiting for its Mercado Pago payment', () => {
    const waiting = () =>
      order({ estado: 'pendiente_pago', metodo_pago: 'mercadopago', vence: '2030-01-02T18:00:00.000Z' });

    it('says what Mercado Pago answered about a rejected payment and offers another try', async () => {
      api.on('GET /api/venta/7', () => Response.json(waiting()));
      api.on('GET /api/venta/7/mercadopago', () =>
        Response.json({
          estado: 'pendiente_pago',
          vence: '2030-01-02T18:00:00.000Z',
          pago: { estado: 'rechazado', en_efectivo: false, ficha_url: null },
        }),
      );
      await renderOrder(undefined, '/pedido/7?status=approved&payment_id=1');
      // The return address says 'approved'; the page says what the server read from Mercado Pago.
      expect(await screen.findByText(/^Mercado Pago rechazó tu pago: no se te cobró nada/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Intentar de nuevo con Mercado Pago' })).toBeTruthy();
    });

    it('links a pending cash voucher to its page', async () => {
      api.on('GET /api/venta/7', () => Response.json(waiting()));
      api.on('GET /api/venta/7/mercadopago', () =>
        Response.json({
          estado: 'pendiente_pago',
          vence: '2030-01-02T18:00:00.000Z',
          pago: {
            estado: 'pendiente',
            en_efectivo: true,
            ficha_url: 'https://www.mercadopago.com.mx/ficha/1',
          },
        }),
      );
      await renderOrder();
      expect(
        await screen.findByText(/^Tu pago en efectivo está pendiente: paga tu ficha antes del/),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Ver mi ficha de pago' }).getAttribute('href')).toBe(
        'https://www.mercadopago.com.mx/ficha/1',
      );
    });
  });

  describe('cancel and return requests', () => {
    it('asks to cancel a paid order with a reason, then shows the request waiting', async () => {
      const requests: unknown[] = [];
      api.on('GET /api/venta/7', () => Response.json(order()));
      api.on('GET /api/venta/7/solicitudes', () => Response.json(requests));
      api.on('POST /api/venta/7/solicitudes', async (_url, init) => {
        const body = JSON.parse(String(init?.body));
        const created = {
          id: 1,
          id_venta: 7,
          ...body,
          estado: 'pendiente',
          creada: '2026-11-28T10:00:00.000Z',
          decidida: null,
          respuesta: null,
        };
        requests.push(created);
        return Response.json(created, { status: 201 });
      });
      await renderOrder();
      const panel = await screen.findByRole('region', { name: 'Cancelar el pedido' });
      fireEvent.change(within(panel).getByLabelText('Motivo'), { target: { value: 'Lo pedí por error' } });
      fireEvent.click(within(panel).getByRole('button', { name: 'Pedir la cancelación' }));
      expect(await within(panel).findByText('Cancelación: Pendiente')).toBeTruthy();
      expect(api.calls('POST /api/venta/7/solicitudes')[0]?.body).toEqual({
        tipo: 'cancelacion',
        motivo: 'Lo pedí por error',
      });
      expect(within(panel).queryByRole('button', { name: 'Pedir la cancelación' })).toBeNull();
    });

    it('offers a return once the order is delivered', async () => {
      api.on('GET /api/venta/7/solicitudes', () => Response.json([]));
      api.on('GET /api/venta/7', () => Response.json(order({ estado: 'entregada' })));
      await renderOrder();
      const panel = await screen.findByRole('region', { name: 'Devolver el pedido' });
      expect(within(panel).getByRole('button', { name: 'Pedir la devolución' })).toBeTruthy();
    });
  });
});

describe('OrderPage opened by the link of a guest order (decision 086)', () => {
  const guestOrder = () =>
    order({
      id_usuario: null,
      invitado: { email: 'ana@example.com', nombre: 'Ana Invitada' },
      acceso: 'firma',
    });

  it('shows the order without an account and offers one with the e-mail bought with', async () => {
    api.on('GET /api/usuario/me', answerSession(null));
    api.on('GET /api/pedidos/7', () => Response.json(guestOrder()));
    await renderOrder({ justPaid: true }, '/pedido/7?acceso=firma');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido V-000007' })).toBeTruthy();
    expect(api.calls('GET /api/pedidos/7')[0]?.url.searchParams.get('acceso')).toBe('firma');
    expect(screen.getByText('¡Gracias por tu compra!')).toBeTruthy();
    const offer = screen.getByRole('region', { name: 'Guarda tus compras en una cuenta' });
    const link = within(offer).getByRole('link', { name: 'Crear cuenta' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://tienda');
    expect(target.pathname).toBe('/register');
    expect(target.searchParams.get('email')).toBe('ana@example.com');
    expect(target.searchParams.get('returnTo')).toBe('/historial-de-compra?sumar=1');
    // No account's links: the history and the requests need one.
    expect(screen.queryByRole('link', { name: 'Ver todas mis compras' })).toBeNull();
    expect(api.calls('GET /api/venta/7')).toEqual([]);
  });

  it('lets the guest ask to cancel through the link', async () => {
    const requests: unknown[] = [];
    api.on('GET /api/usuario/me', answerSession(null));
    api.on('GET /api/pedidos/7', () => Response.json(guestOrder()));
    api.on('GET /api/pedidos/7/solicitudes', () => Response.json(requests));
    api.on('POST /api/pedidos/7/solicitudes', async (_url, init) => {
      const created = {
        id: 1,
        id_venta: 7,
        ...JSON.parse(String(init?.body)),
        estado: 'pendiente',
        creada: '2026-11-28T10:00:00.000Z',
        decidida: null,
        respuesta: null,
      };
      requests.push(created);
      return Response.json(created, { status: 201 });
    });
    await renderOrder(undefined, '/pedido/7?acceso=firma');
    const panel = await screen.findByRole('region', { name: 'Cancelar el pedido' });
    fireEvent.change(within(panel).getByLabelText('Motivo'), { target: { value: 'Lo pedí por error' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Pedir la cancelación' }));
    expect(await within(panel).findByText('Cancelación: Pendiente')).toBeTruthy();
    const [asked] = api.calls('POST /api/pedidos/7/solicitudes');
    expect(asked?.url.searchParams.get('acceso')).toBe('firma');
    expect(api.calls('POST /api/venta/7/solicitudes')).toEqual([]);
  });

  it("says a link that is not the order's leads nowhere, and points to Consultar pedido", async () => {
    api.on('GET /api/usuario/me', answerSession(null));
    api.on('GET /api/pedidos/7', () =>
      Response.json(apiError('Not Found', GUEST_MESSAGES.linkInvalid), { status: 404 }),
    );
    await renderOrder(undefined, '/pedido/7?acceso=otra');
    expect(await screen.findByText(GUEST_MESSAGES.linkInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Consultar pedido' }).getAttribute('href')).toBe(
      '/consultar-pedido',
    );
  });
});
