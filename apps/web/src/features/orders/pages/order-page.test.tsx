// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GUEST_MESSAGES, PAYMENT_RECEIVED } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { answerSession, createFetchStub } from '../../../testing/fetch-stub';
import { apiError, order, orderLine, rating, sessionUser, shopConfig } from '../../../testing/fixtures';
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
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido V-000007' })).toBeTruthy();
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

  describe('rating the bought products', () => {
    it('offers a rating form for each line of a delivered order, sent as the account', async () => {
      api.on('GET /api/venta/7/solicitudes', () => Response.json([]));
      api.on('GET /api/venta/7', () => Response.json(order({ estado: 'entregada' })));
      api.on('POST /api/products/5/calificacion', () =>
        Response.json(rating({ id_producto: 5 }), { status: 201 }),
      );
      await renderOrder();
      const section = await screen.findByRole('region', { name: 'Califica tus productos' });
      expect(screen.getByRole('region', { name: '¿Qué sigue?' }).textContent).toMatch(
        /califícalos más abajo/,
      );
      expect(section.querySelector('#calificar-9')).toBeTruthy();
      fireEvent.click(within(section).getByRole('radio', { name: '5 estrellas' }));
      await act(async () => {});
      await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Calificar' })));
      expect(api.calls('POST /api/products/5/calificacion')[0]?.body).toEqual({
        valor_calificacion: 5,
        descripcion_motivo: '',
        id_detalle_venta: 9,
      });
      expect(await within(section).findByText('Ya calificaste este producto')).toBeTruthy();
    });

    it('offers no rating while the order waits for its payment', async () => {
      api.on('GET /api/venta/7', () =>
        Response.json(order({ estado: 'pendiente_pago', metodo_pago: 'transferencia' })),
      );
      await renderOrder();
      expect(await screen.findByRole('heading', { level: 1, name: 'Pedido V-000007' })).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Califica tus productos' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Calificar' })).toBeNull();
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

  it('lets the guest rate a delivered product through the link, and the line then reads as rated', async () => {
    let rated = false;
    const delivered = () =>
      order({
        ...guestOrder(),
        estado: 'entregada',
        detalle_venta: [orderLine({ comentado: rated })],
      });
    api.on('GET /api/usuario/me', answerSession(null));
    api.on('GET /api/pedidos/7', () => Response.json(delivered()));
    api.on('GET /api/pedidos/7/solicitudes', () => Response.json([]));
    api.on('POST /api/pedidos/7/calificaciones', () => {
      rated = true;
      return Response.json(rating({ id_producto: 5, autor: 'Ana I.' }), { status: 201 });
    });
    await renderOrder(undefined, '/pedido/7?acceso=firma#calificar-9');
    const section = await screen.findByRole('region', { name: 'Califica tus productos' });
    fireEvent.click(within(section).getByRole('radio', { name: '4 estrellas' }));
    fireEvent.change(within(section).getByLabelText('Comentario'), { target: { value: 'Muy cómoda' } });
    await act(async () => {});
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Calificar' })));

    const [post] = api.calls('POST /api/pedidos/7/calificaciones');
    expect(post?.url.searchParams.get('acceso')).toBe('firma');
    expect(post?.body).toEqual({
      valor_calificacion: 4,
      descripcion_motivo: 'Muy cómoda',
      id_detalle_venta: 9,
    });
    expect(api.calls('POST /api/products/5/calificacion')).toEqual([]);
    await waitFor(() => expect(screen.getByText('Gracias por tu opinion!')).toBeTruthy());
    expect(within(section).getByText('Ya calificaste este producto')).toBeTruthy();
    // The order is asked for again through the link: the server now says the line is rated.
    await waitFor(() => expect(api.calls('GET /api/pedidos/7').length).toBeGreaterThan(1));
    expect(within(section).queryByRole('button', { name: 'Calificar' })).toBeNull();
  });

  it('says when the link was already used to rate that product', async () => {
    api.on('GET /api/usuario/me', answerSession(null));
    api.on('GET /api/pedidos/7', () => Response.json(order({ ...guestOrder(), estado: 'entregada' })));
    api.on('GET /api/pedidos/7/solicitudes', () => Response.json([]));
    api.on('POST /api/pedidos/7/calificaciones', () =>
      Response.json(apiError('Conflict', 'Ya calificaste esta compra.'), { status: 409 }),
    );
    await renderOrder(undefined, '/pedido/7?acceso=firma');
    const section = await screen.findByRole('region', { name: 'Califica tus productos' });
    fireEvent.click(within(section).getByRole('radio', { name: '3 estrellas' }));
    await act(async () => {});
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Calificar' })));
    expect(await screen.findByText('Ya calificaste esta compra.')).toBeTruthy();
  });

  it("shows a guest's pending Mercado Pago payment through the link and offers to pay it", async () => {
    api.on('GET /api/usuario/me', answerSession(null));
    api.on('GET /api/pedidos/7', () =>
      Response.json(
        order({
          ...guestOrder(),
          estado: 'pendiente_pago',
          metodo_pago: 'mercadopago',
          vence: '2030-01-02T18:00:00.000Z',
        }),
      ),
    );
    api.on('GET /api/pedidos/7/solicitudes', () => Response.json([]));
    api.on('GET /api/pedidos/7/mercadopago', () =>
      Response.json({ estado: 'pendiente_pago', vence: '2030-01-02T18:00:00.000Z', pago: null }),
    );
    await renderOrder(undefined, '/pedido/7?acceso=firma&status=null');
    expect(
      await screen.findByText(/^Aún no recibimos tu pago. Puedes pagar con Mercado Pago antes del/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagar con Mercado Pago' })).toBeTruthy();
    expect(api.calls('GET /api/pedidos/7/mercadopago')[0]?.url.searchParams.get('acceso')).toBe('firma');
    expect(api.calls('GET /api/venta/7/mercadopago')).toEqual([]);
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
