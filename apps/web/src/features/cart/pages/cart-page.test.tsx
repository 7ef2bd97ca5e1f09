// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type Ajustes,
  type CartQuote,
  fromCents,
  PAYMENT_RECEIVED,
  type Product,
  paidCents,
  shippingCents,
} from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { getNotificationState } from '../../../lib/notifications';
import { describedText } from '../../../testing/described-text';
import { answerSession, createFetchStub } from '../../../testing/fetch-stub';
import {
  ajustes,
  apiError,
  product as productFixture,
  sale,
  sessionUser,
  shopConfig,
} from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { CartPage } from './cart-page';

/** The cart's products cost $10.00, without a discount, unless a test says otherwise. */
const product = (id: number, overrides: Partial<Product> = {}) =>
  productFixture(id, { valor: 10, valor_descuento: null, ...overrides });

/** The shipping the server quotes once a state is picked, in dollars; a test sets its shop's rate. */
let quoted = 0;
beforeEach(() => {
  quoted = 0;
});

/**
 * POST /api/carrito/cotizar as the server answers a cart without promotions: the products' prices, and
 * the shipping of the destination — nothing for pickup, `quoted` once a state is picked, the shop's flat
 * rate before — read from this stub's own answers (a test replaces it to quote a discount).
 */
async function quoteWithoutPromotions(_url: URL, init?: RequestInit): Promise<Response> {
  const { detalle_venta, metodo_envio, region } = JSON.parse(String(init?.body)) as {
    detalle_venta: Array<{ id_producto: number; cantidad: number }>;
    metodo_envio?: string;
    region?: string;
  };
  let subtotal = 0;
  for (const line of detalle_venta) {
    const answer = await fetch(`/api/products/${line.id_producto}`);
    subtotal += paidCents((await answer.json()) as Product) * line.cantidad;
  }
  const settings = (await (await fetch('/api/ajustes')).json()) as Ajustes;
  const envio =
    metodo_envio === 'retiro' ? 0 : region ? Math.round(quoted * 100) : shippingCents(subtotal, settings);
  const quote: CartQuote = {
    subtotal: fromCents(subtotal),
    descuento: 0,
    envio: fromCents(envio),
    total: fromCents(subtotal + envio),
    cupon: null,
    promociones: [],
  };
  return Response.json(quote);
}

const PICKUP = { activo: true, direccion: 'Calle Roble 12, Austin', horario: 'Lunes a viernes de 9 a 18' };
const shippingOptions = (retiro = { activo: false, direccion: '', horario: '' }) => ({
  pais: 'Estados Unidos',
  nombre_region: 'Estado',
  regiones: ['Florida', 'Texas'],
  retiro,
});

const api = createFetchStub({
  routes: {
    'GET /api/usuario/me': answerSession(sessionUser()),
    'GET /api/config': () => Response.json(shopConfig()),
    'GET /api/ajustes': () => Response.json(ajustes()),
    'GET /api/ajustes/envio': () => Response.json(shippingOptions()),
    'POST /api/carrito/cotizar': quoteWithoutPromotions,
  },
});

/** Ana's profile address (the session fixture), which the shipping fields start with, and the state picked. */
const ANA_ADDRESS = {
  nombre: 'Ana López',
  direccion: 'Avenida Reforma 123',
  telefono: '5512345678',
  region: 'Texas',
};
setUpAppTests(api);

function storeCart(lines: Array<{ id: number; cantidad: number; precio?: number; nombre?: string }>) {
  localStorage.setItem('cart', JSON.stringify(lines));
  localStorage.setItem('cart count', String(lines.reduce((n, l) => n + l.cantidad, 0)));
}

const renderCart = () =>
  renderApp(
    [
      { path: '/carrito', element: <CartPage /> },
      { path: '/', element: <p>Inicio</p> },
      { path: '/pedido/:id', element: <p>Página del pedido</p> },
      { path: '/login', element: <p>Login</p> },
    ],
    { path: '/carrito' },
  );

const card = (name: string) => screen.getByRole('article', { name });
const findCard = (name: string) => screen.findByRole('article', { name });
const payButton = (name: RegExp | string = /^Pagar/) =>
  screen.getByRole('button', { name }) as HTMLButtonElement;

async function fillCard(numero = '4242 4242 4242 4242') {
  fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: numero } });
  fireEvent.change(screen.getByLabelText('Vencimiento'), { target: { value: '12/40' } });
  fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.change(screen.getByLabelText('Nombre en la tarjeta'), { target: { value: 'Ana López' } });
  await act(async () => {});
}
/** The lines were checked with the server and the pay button is on. */
const payable = () => waitFor(() => expect(payButton().disabled).toBe(false));
/** Picks the state the order ships to; the shipping then follows the server's quote for it. */
async function pickState(state = 'Texas') {
  const select = screen.getByRole('combobox', { name: 'Estado' }) as HTMLSelectElement;
  await waitFor(() => expect(select.disabled).toBe(false));
  if (select.value === state) return;
  const quotes = api.calls('POST /api/carrito/cotizar').length;
  await act(async () => fireEvent.change(select, { target: { value: state } }));
  if (select.value !== state) throw new Error(`${state} is not in the list`);
  await waitFor(() => expect(api.calls('POST /api/carrito/cotizar').length).toBeGreaterThan(quotes));
  await act(async () => {});
}
const submit = async () => {
  await pickState();
  await payable();
  await act(async () => fireEvent.click(payButton()));
};

const SAVE_ADDRESS = 'Guardar esta dirección y teléfono en mi perfil para la próxima compra';

describe('CartPage', () => {
  it('flags a product no longer available and a changed price, and blocks paying until it is removed', async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza', valor: 12.5 })));
    storeCart([
      { id: 1, cantidad: 1, precio: 1000, nombre: 'Lámpara' },
      { id: 2, cantidad: 2, precio: 1000, nombre: 'Taza' },
    ]);
    renderCart();

    expect(await within(await findCard('Lámpara')).findByText('Ya no está disponible')).toBeTruthy();
    expect(
      await within(await findCard('Taza')).findByText('El precio cambió: antes $10.00, ahora $12.50'),
    ).toBeTruthy();
    // Only what can be paid counts: 2 × $12.50, as the server quotes it.
    expect((await screen.findByRole('button', { name: 'Pagar 25.00 USD' })).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByText('Revisa los productos marcados antes de pagar.')).toBeTruthy();

    fireEvent.click(within(card('Lámpara')).getByRole('button', { name: 'Eliminar' }));
    expect(payButton('Pagar 25.00 USD').disabled).toBe(false);
    // Nothing else changed by itself: the remembered price is still the old one.
    expect(JSON.parse(localStorage.getItem('cart') ?? '')).toEqual([
      { id: 2, cantidad: 2, precio: 1000, nombre: 'Taza' },
    ]);
    expect(within(card('Taza')).getByText(/El precio cambió/)).toBeTruthy();
  });

  it('flags a quantity above the stock, and − / + go through the shared rules', async () => {
    api.on('GET /api/products/3', () => Response.json(product(3, { nombre: 'Silla', stock: 2 })));
    storeCart([{ id: 3, cantidad: 4, precio: 1000, nombre: 'Silla' }]);
    renderCart();
    const silla = await findCard('Silla');
    expect(await within(silla).findByText('Solo quedan 2 unidades.')).toBeTruthy();
    expect(payButton().disabled).toBe(true);

    fireEvent.click(within(silla).getByRole('button', { name: 'Disminuir cantidad' }));
    expect(JSON.parse(localStorage.getItem('cart') ?? '')[0].cantidad).toBe(3);
    fireEvent.click(within(silla).getByRole('button', { name: 'Ajustar a 2' }));
    expect(localStorage.getItem('cart count')).toBe('2');
    // The new total is the server's quote for the new quantity.
    await waitFor(() => expect(payButton('Pagar 20.00 USD').disabled).toBe(false));

    fireEvent.click(within(silla).getByRole('button', { name: 'Aumentar cantidad' }));
    expect(await screen.findByText('Máximas unidades disponibles de Silla alcanzadas')).toBeTruthy();
    expect(localStorage.getItem('cart count')).toBe('2');
  });

  it('says beside the payment that paying accepts the terms and the privacy notice, with links to both', async () => {
    storeCart([{ id: 1, cantidad: 1, precio: 1000, nombre: 'Lámpara' }]);
    renderCart();
    const notice = await screen.findByText(/^Al pagar, aceptas/);
    expect(within(notice).getByRole('link', { name: 'Términos de uso' }).getAttribute('href')).toBe(
      '/terminos',
    );
    expect(within(notice).getByRole('link', { name: 'Aviso de privacidad' }).getAttribute('href')).toBe(
      '/privacidad',
    );
  });

  it('shows "Añade productos al carrito" for an empty cart', async () => {
    renderCart();
    expect(await screen.findByText('Añade productos al carrito')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver productos' }).getAttribute('href')).toBe('/products/todos');
  });

  /** A shop open to guests, whose card payment and order succeed, and a cart of two mugs. */
  function guestBuyingTwoMugs() {
    api.on('GET /api/ajustes/invitados', () => Response.json({ compra_invitado: true }));
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza', valor: 12.5 })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_1', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () =>
      Response.json(sale({ id_usuario: null, acceso: 'firma' }), { status: 201 }),
    );
    storeCart([{ id: 2, cantidad: 2, precio: 1250, nombre: 'Taza' }]);
  }

  it('lets a visitor pay as a guest: checks the e-mail and name with the shared rules, sends them, and opens the order by its link', async () => {
    api.on('GET /api/usuario/me', answerSession(null));
    guestBuyingTwoMugs();
    const router = renderCart();
    const guest = await screen.findByRole('group', { name: 'Compra sin cuenta' });
    const email = within(guest).getByLabelText('Correo electrónico');
    fireEvent.change(email, { target: { value: 'no es correo' } });
    fireEvent.blur(email);
    expect(await within(guest).findByText('Por favor ingresa un email válido')).toBeTruthy();
    for (const [label, value] of Object.entries({
      'Nombre de quien recibe': 'Ana Invitada',
      'Dirección de entrega': 'Avenida Reforma 123',
      'Teléfono de contacto': '5512345678',
    }))
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await payable();
    await fillCard();
    await submit();
    // Refused on the page: nothing was sent, and the e-mail is the field to fix.
    expect(api.calls('POST /api/venta')).toEqual([]);
    expect(document.activeElement).toBe(email);

    fireEvent.change(email, { target: { value: ' Ana@Example.com ' } });
    fireEvent.change(within(guest).getByLabelText('Tu nombre'), { target: { value: 'Ana Invitada' } });
    await submit();
    const [venta] = api.calls('POST /api/venta');
    expect(venta?.body).toMatchObject({ invitado: { email: 'ana@example.com', nombre: 'Ana Invitada' } });
    expect(await screen.findByText('Gracias por tu compra!')).toBeTruthy();
    expect(`${router.location.pathname}${router.location.search}`).toBe('/pedido/7?acceso=firma');
  });

  it('remembers a guest’s e-mail and name once valid, before paying, for the saved cart; forgets them once the order is placed', async () => {
    api.on('GET /api/usuario/me', answerSession(null));
    api.on('PUT /api/carrito/invitado', () => Response.json({ lineas: [], actualizado: null }));
    guestBuyingTwoMugs();
    renderCart();
    const guest = await screen.findByRole('group', { name: 'Compra sin cuenta' });
    const email = within(guest).getByLabelText('Correo electrónico');
    expect(describedText(email)).toContain('si no terminas la compra, un solo recordatorio de tu carrito');
    fireEvent.change(email, { target: { value: 'ana@example' } });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(localStorage.getItem('guest cart')).toBeNull();
    fireEvent.change(email, { target: { value: ' Ana@Example.com ' } });
    fireEvent.change(within(guest).getByLabelText('Tu nombre'), { target: { value: 'Ana ' } });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('guest cart') ?? 'null')).toEqual({
        email: 'ana@example.com',
        nombre: 'Ana',
      }),
    );
    for (const [label, value] of Object.entries({
      'Nombre de quien recibe': 'Ana Invitada',
      'Dirección de entrega': 'Avenida Reforma 123',
      'Teléfono de contacto': '5512345678',
    }))
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await fillCard();
    await submit();
    expect(await screen.findByText('Gracias por tu compra!')).toBeTruthy();
    expect(localStorage.getItem('guest cart')).toBeNull();
    // Once more, the saved cart is empty: a save that crossed the order must not leave it full.
    await waitFor(() =>
      expect(api.calls('PUT /api/carrito/invitado').at(-1)?.body).toEqual({
        email: 'ana@example.com',
        nombre: 'Ana',
        lineas: [],
      }),
    );
  });

  it('brings a guest’s cart back from the reminder’s link: joined with this browser’s, the checkout filled in, the link gone from the address', async () => {
    api.on('GET /api/usuario/me', answerSession(null));
    api.on('GET /api/ajustes/invitados', () => Response.json({ compra_invitado: true }));
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza' })));
    api.on('GET /api/products/3', () => Response.json(product(3, { nombre: 'Plato' })));
    api.on('POST /api/carrito/invitado/recuperar', () =>
      Response.json({
        lineas: [
          { id_producto: 2, id_variante: null, cantidad: 2 },
          { id_producto: 3, id_variante: null, cantidad: 1 },
        ],
        actualizado: '2026-11-28T10:00:00.000Z',
        email: 'lucia@example.com',
        nombre: 'Lucía',
      }),
    );
    storeCart([{ id: 3, cantidad: 1 }]);
    const router = renderApp([{ path: '/carrito', element: <CartPage /> }], {
      path: '/carrito?carrito=9&acceso=firma-del-enlace',
    });
    expect(await findCard('Taza')).toBeTruthy();
    expect(card('Plato')).toBeTruthy();
    expect(api.calls('POST /api/carrito/invitado/recuperar')[0]?.body).toEqual({
      carrito: 9,
      acceso: 'firma-del-enlace',
      lineas: [{ id_producto: 3, id_variante: null, cantidad: 1 }],
    });
    const guest = screen.getByRole('group', { name: 'Compra sin cuenta' });
    await waitFor(() =>
      expect((within(guest).getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe(
        'lucia@example.com',
      ),
    );
    expect((within(guest).getByLabelText('Tu nombre') as HTMLInputElement).value).toBe('Lucía');
    expect(getNotificationState().toasts.map((toast) => toast.title)).toContain('Recuperamos tu carrito.');
    expect(`${router.location.pathname}${router.location.search}`).toBe('/carrito');
  });

  it('says so when the reminder’s link is not one, and keeps this browser’s cart', async () => {
    api.on('GET /api/usuario/me', answerSession(null));
    api.on('GET /api/ajustes/invitados', () => Response.json({ compra_invitado: true }));
    api.on('GET /api/products/3', () => Response.json(product(3, { nombre: 'Plato' })));
    api.on('POST /api/carrito/invitado/recuperar', () =>
      Response.json(
        apiError(
          'Not Found',
          'El enlace del carrito no es válido. Puede que ya lo hayas comprado o vaciado.',
        ),
        { status: 404 },
      ),
    );
    storeCart([{ id: 3, cantidad: 1 }]);
    renderApp([{ path: '/carrito', element: <CartPage /> }], { path: '/carrito?carrito=9&acceso=otra' });
    expect(await findCard('Plato')).toBeTruthy();
    await waitFor(() =>
      expect(getNotificationState().toasts.map((toast) => toast.title)).toContain(
        'El enlace del carrito no es válido. Puede que ya lo hayas comprado o vaciado.',
      ),
    );
    expect(localStorage.getItem('guest cart')).toBeNull();
  });

  it('pays: posts the lines, the total in cents and the address with an idempotency key, then empties the cart and shows the order', async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza', valor: 12.5 })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_1', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () => Response.json(sale(), { status: 201 }));
    storeCart([{ id: 2, cantidad: 2, precio: 1250, nombre: 'Taza' }]);
    const router = renderCart();
    await payable();
    await fillCard();
    await submit();

    expect(api.calls('POST /api/pagos/sandbox/metodos')[0]?.body).toEqual({
      numero: '4242424242424242',
      expiracion: '12/40',
      cvc: '123',
      nombre: 'Ana López',
    });
    const [venta] = api.calls('POST /api/venta');
    expect(venta?.body).toEqual({
      detalle_venta: [{ id_producto: 2, cantidad: 2 }],
      id_pago: 'pm_1',
      valor_total_venta: 2500,
      costo_envio: 0,
      metodo_envio: 'domicilio',
      direccion_envio: ANA_ADDRESS,
    });
    expect(venta?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Gracias por tu compra!')).toBeTruthy();
    expect(router.location.pathname).toBe('/pedido/7');
    expect(router.location.state).toEqual({ justPaid: true });
    expect(JSON.parse(localStorage.getItem('cart') ?? '')).toEqual([]);
    expect(localStorage.getItem('cart count')).toBe('0');
  });

  it('shows only the card form while the card is the only method, titled as SPEC says', async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza' })));
    api.on('GET /api/pagos/metodos', () =>
      Response.json([{ id: 'tarjeta', nombre: 'Tarjeta de crédito o débito', descripcion: '' }]),
    );
    storeCart([{ id: 2, cantidad: 1, precio: 1000, nombre: 'Taza' }]);
    renderCart();
    await payable();
    await waitFor(() => expect(api.calls('GET /api/pagos/metodos').length).toBeGreaterThan(0));
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Pago con tarjeta' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('places an order to pay by transfer: no card, the method and no card id sent, then the order page', async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza', valor: 12.5 })));
    api.on('GET /api/pagos/metodos', () =>
      Response.json([
        { id: 'tarjeta', nombre: 'Tarjeta de crédito o débito', descripcion: '' },
        { id: 'transferencia', nombre: 'Transferencia bancaria', descripcion: 'Desde tu banco' },
      ]),
    );
    api.on('POST /api/venta', () =>
      Response.json(
        {
          ...sale({
            estado: 'pendiente_pago',
            metodo_pago: 'transferencia',
            vence: '2026-03-03T10:00:00.000Z',
          }),
          vence: '2026-03-03T10:00:00.000Z',
          instrucciones: 'CLABE 012180001234567897',
        },
        { status: 201 },
      ),
    );
    storeCart([{ id: 2, cantidad: 2, precio: 1250, nombre: 'Taza' }]);
    const router = renderCart();
    await payable();
    expect(await screen.findByRole('heading', { name: 'Pago' })).toBeTruthy();
    expect(((await screen.findByRole('radio', { name: /Tarjeta/ })) as HTMLInputElement).checked).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: /Transferencia bancaria/ })));
    expect(screen.queryByLabelText('Número de tarjeta')).toBeNull();
    await pickState();
    const confirm = screen.getByRole('button', { name: /^Confirmar pedido por \$25\.00$/ });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(confirm));

    await waitFor(() => expect(router.location.pathname).toBe('/pedido/7'));
    const [venta] = api.calls('POST /api/venta');
    expect(venta?.body).toEqual({
      detalle_venta: [{ id_producto: 2, cantidad: 2 }],
      metodo_pago: 'transferencia',
      valor_total_venta: 2500,
      costo_envio: 0,
      metodo_envio: 'domicilio',
      direccion_envio: ANA_ADDRESS,
    });
    expect(api.calls('POST /api/pagos/sandbox/metodos')).toEqual([]);
    expect(JSON.parse(localStorage.getItem('cart') ?? '')).toEqual([]);
  });

  it('a payment received but still being recorded (202) is no error: it empties the cart, says so and shows the order', async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza' })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_6', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () =>
      Response.json(
        {
          ...sale({ estado: 'pendiente', numero_pedido: null }),
          pago_recibido: { message: PAYMENT_RECEIVED },
        },
        { status: 202 },
      ),
    );
    storeCart([{ id: 2, cantidad: 1, precio: 1000, nombre: 'Taza' }]);
    const router = renderCart();
    await payable();
    await fillCard();
    await submit();

    // Told politely, as a success; nothing urgent, no error.
    const message = await screen.findByText(PAYMENT_RECEIVED);
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.queryByText(/volver a intentarlo/)).toBeNull();
    expect(router.location.pathname).toBe('/pedido/7');
    expect(router.location.state).toEqual({ justPaid: true });
    expect(localStorage.getItem('cart count')).toBe('0');
    expect(api.calls('POST /api/venta')).toHaveLength(1);
  });

  it('a declined card (402) shows the server message and keeps the cart', async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza' })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_2', marca: 'visa', ultimos4: '0002' }, { status: 201 }),
    );
    api.on('POST /api/venta', () =>
      Response.json(apiError('Payment Required', 'Tarjeta rechazada. Prueba con otra tarjeta.'), {
        status: 402,
      }),
    );
    storeCart([{ id: 2, cantidad: 1, precio: 1000, nombre: 'Taza' }]);
    const router = renderCart();
    await payable();
    await fillCard('4000 0000 0000 0002');
    await submit();

    const alert = await screen.findByText('Tarjeta rechazada. Prueba con otra tarjeta.');
    expect(document.activeElement).toBe(alert);
    expect(router.location.pathname).toBe('/carrito');
    expect(localStorage.getItem('cart count')).toBe('1');
  });

  it('changed prices (409) show the message and refresh the lines', async () => {
    let price = 10;
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza', valor: price })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_3', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () => {
      price = 11;
      return Response.json(
        apiError('Conflict', 'Los precios de tu carrito cambiaron. Revisa el total antes de pagar.'),
        { status: 409 },
      );
    });
    storeCart([{ id: 2, cantidad: 1, precio: 1000, nombre: 'Taza' }]);
    renderCart();
    await payable();
    await fillCard();
    await submit();
    expect(await screen.findByText(/Los precios de tu carrito cambiaron/)).toBeTruthy();
    expect(await screen.findByText('El precio cambió: antes $10.00, ahora $11.00')).toBeTruthy();
    expect(payButton('Pagar 11.00 USD')).toBeTruthy();
    expect(localStorage.getItem('cart count')).toBe('1');
  });

  it('retries a payment lost to a network error with the same idempotency key and payment method', async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza' })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_4', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    let attempts = 0;
    api.on('POST /api/venta', () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return Response.json(sale(), { status: 201 });
    });
    storeCart([{ id: 2, cantidad: 1, precio: 1000, nombre: 'Taza' }]);
    renderCart();
    await payable();
    await fillCard();
    await submit();
    expect(await screen.findByText(/no se te cobrará dos veces/)).toBeTruthy();
    expect(localStorage.getItem('cart count')).toBe('1');

    await submit();
    await waitFor(() => expect(localStorage.getItem('cart count')).toBe('0'));
    const keys = api.calls('POST /api/venta').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(api.calls('POST /api/pagos/sandbox/metodos')).toHaveLength(1);
  });

  it('asks to confirm a payment that needs an extra step (202), then settles the sale', async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza' })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_5', marca: 'visa', ultimos4: '3155' }, { status: 201 }),
    );
    api.on('POST /api/venta', () =>
      Response.json(
        { ...sale({ estado: 'pendiente' }), requiere_accion: { client_secret: 'cs_1' } },
        { status: 202 },
      ),
    );
    api.on('POST /api/pagos/sandbox/confirmar', () => Response.json({ id_venta: 7, estado: 'succeeded' }));
    api.on('POST /api/venta/7/confirmar', () => Response.json(sale()));
    storeCart([{ id: 2, cantidad: 1, precio: 1000, nombre: 'Taza' }]);
    const router = renderCart();
    await payable();
    await fillCard('4000 0025 0000 3155');
    await submit();

    const dialog = await screen.findByRole('dialog', { name: 'Confirma tu pago' });
    expect(within(dialog).getByText(/Visa •••• 3155/)).toBeTruthy();
    expect(localStorage.getItem('cart count')).toBe('1');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' })));

    expect(api.calls('POST /api/pagos/sandbox/confirmar')[0]?.body).toEqual({
      client_secret: 'cs_1',
      aprobar: true,
    });
    await waitFor(() => expect(router.location.pathname).toBe('/pedido/7'));
    expect(localStorage.getItem('cart count')).toBe('0');
  });

  it("adds the shop's shipping to the total it charges, and says how much is left for free shipping", async () => {
    api.on('GET /api/ajustes', () => Response.json(ajustes({ envio_tarifa: 5, envio_gratis_desde: 50 })));
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza', valor: 12.5 })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_6', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () =>
      Response.json(sale({ costo_envio: 5, valor_total_venta: 30 }), { status: 201 }),
    );
    storeCart([{ id: 2, cantidad: 2, precio: 1250, nombre: 'Taza' }]);
    renderCart();
    await payable();
    const totals = screen.getByRole('complementary', { name: 'Resumen' });
    expect(within(totals).getByText('Envío').nextElementSibling?.textContent).toBe('$5.00');
    expect(within(totals).getByText('Total').nextElementSibling?.textContent).toBe('$30.00');
    expect(within(totals).getByText('Te faltan $25.00 para el envío gratis.')).toBeTruthy();

    await fillCard();
    quoted = 5;
    await pickState();
    await act(async () => fireEvent.click(payButton('Pagar 30.00 USD')));
    expect(api.calls('POST /api/venta')[0]?.body).toMatchObject({
      valor_total_venta: 3000,
      costo_envio: 500,
    });
  });

  it('says the shipping changed when the server refuses a total for it, and shows the new one', async () => {
    let rate = 5;
    api.on('GET /api/ajustes', () =>
      Response.json(ajustes({ envio_tarifa: rate, envio_gratis_desde: null })),
    );
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza', valor: 12.5 })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_7', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () => {
      rate = 8;
      quoted = 8;
      return Response.json(
        apiError('Conflict', 'El costo de envío cambió: ahora es $8.00. Revisa el total antes de pagar.'),
        { status: 409 },
      );
    });
    storeCart([{ id: 2, cantidad: 2, precio: 1250, nombre: 'Taza' }]);
    renderCart();
    await payable();
    await fillCard();
    quoted = 5;
    await pickState();
    await act(async () => fireEvent.click(payButton('Pagar 30.00 USD')));
    expect(await screen.findByText(/El costo de envío cambió: ahora es \$8\.00/)).toBeTruthy();
    expect(screen.queryByText(/Los precios de tu carrito cambiaron/)).toBeNull();
    const totals = screen.getByRole('complementary', { name: 'Resumen' });
    await waitFor(() =>
      expect(within(totals).getByText('Envío').nextElementSibling?.textContent).toBe('$8.00'),
    );
    expect(payButton('Pagar 33.00 USD')).toBeTruthy();
  });

  it('ships free from the threshold on', async () => {
    api.on('GET /api/ajustes', () => Response.json(ajustes({ envio_tarifa: 5, envio_gratis_desde: 20 })));
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza', valor: 12.5 })));
    storeCart([{ id: 2, cantidad: 2, precio: 1250, nombre: 'Taza' }]);
    renderCart();
    await payable();
    const totals = screen.getByRole('complementary', { name: 'Resumen' });
    expect(within(totals).getByText('Envío').nextElementSibling?.textContent).toBe('Gratis');
    expect(payButton('Pagar 25.00 USD')).toBeTruthy();
    expect(within(totals).queryByText(/para el envío gratis/)).toBeNull();
  });

  it("does not prefill a Google account's placeholder address and phone, and pays nothing until the address is written", async () => {
    api.on(
      'GET /api/usuario/me',
      answerSession(
        sessionUser({ login: 'google', direccion: 'Aun no ha sido asiganada', telefono: '5500000000' }),
      ),
    );
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza' })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_7', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () => Response.json(sale(), { status: 201 }));
    storeCart([{ id: 2, cantidad: 1, precio: 1000, nombre: 'Taza' }]);
    renderCart();
    await payable();
    const direccion = screen.getByLabelText('Dirección de entrega') as HTMLInputElement;
    const telefono = screen.getByLabelText('Teléfono de contacto') as HTMLInputElement;
    expect((screen.getByLabelText('Nombre de quien recibe') as HTMLInputElement).value).toBe('Ana López');
    expect(direccion.value).toBe('');
    expect(telefono.value).toBe('');

    await fillCard();
    await submit();
    expect(describedText(direccion)).toContain('Escribe la dirección de entrega');
    expect(describedText(telefono)).toContain('Escribe un teléfono de contacto');
    expect(document.activeElement).toBe(direccion);
    expect(api.calls('POST /api/pagos/sandbox/metodos')).toHaveLength(0);
    expect(api.calls('POST /api/venta')).toHaveLength(0);

    fireEvent.change(direccion, { target: { value: 'Calle Durango 120, Roma Norte' } });
    fireEvent.change(telefono, { target: { value: '5512345678' } });
    // A profile without an address keeps the one typed, unless the shopper unticks it.
    expect((screen.getByLabelText(SAVE_ADDRESS) as HTMLInputElement).checked).toBe(true);
    await submit();
    expect(api.calls('POST /api/venta')[0]?.body).toMatchObject({
      direccion_envio: {
        nombre: 'Ana López',
        direccion: 'Calle Durango 120, Roma Norte',
        telefono: '5512345678',
      },
      guardar_direccion: true,
    });
  });

  it('offers to keep a changed address or phone in the profile, unticked, and sends it only when ticked', async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza' })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_8', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () => Response.json(sale(), { status: 201 }));
    storeCart([{ id: 2, cantidad: 1, precio: 1000, nombre: 'Taza' }]);
    renderCart();
    await payable();
    expect(screen.queryByLabelText(SAVE_ADDRESS)).toBeNull();
    fireEvent.change(screen.getByLabelText('Teléfono de contacto'), { target: { value: '5587654321' } });
    const save = screen.getByLabelText(SAVE_ADDRESS) as HTMLInputElement;
    expect(save.checked).toBe(false);
    fireEvent.click(save);
    await fillCard();
    await submit();
    expect(api.calls('POST /api/venta')[0]?.body).toMatchObject({
      direccion_envio: { telefono: '5587654321' },
      guardar_direccion: true,
    });
  });

  it("shows and charges the server's quote: an automatic promotion's discount, no arithmetic in the browser", async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza', valor: 12.5 })));
    api.on('POST /api/carrito/cotizar', () =>
      Response.json({
        subtotal: 25,
        descuento: 2.5,
        envio: 0,
        total: 22.5,
        cupon: null,
        promociones: [{ codigo: 'OTONO', descuento: 2.5 }],
      } satisfies CartQuote),
    );
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_9', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () => Response.json(sale({ valor_total_venta: 22.5 }), { status: 201 }));
    storeCart([{ id: 2, cantidad: 2, precio: 1250, nombre: 'Taza' }]);
    renderCart();
    await payable();
    const totals = screen.getByRole('complementary', { name: 'Resumen' });
    expect(within(totals).getByText('Descuento (OTONO)').nextElementSibling?.textContent).toBe('−$2.50');
    expect(within(totals).getByText('Total').nextElementSibling?.textContent).toBe('$22.50');

    await pickState('Texas');
    await fillCard();
    await act(async () => fireEvent.click(payButton('Pagar 22.50 USD')));
    const [venta] = api.calls('POST /api/venta');
    expect(venta?.body).toMatchObject({ valor_total_venta: 2250, costo_envio: 0 });
    expect(venta?.body).not.toHaveProperty('cupon');
  });

  it("applies a 'Código de descuento' the server accepts, sends it with the sale, and shows a refusal's reason", async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza', valor: 12.5 })));
    api.on('POST /api/carrito/cotizar', (_url, init) => {
      const { cupon } = JSON.parse(String(init?.body)) as { cupon?: string };
      const base = { subtotal: 25, envio: 0, promociones: [] };
      if (cupon === 'HOLA10')
        return Response.json({
          ...base,
          descuento: 2.5,
          total: 22.5,
          cupon: { aplicado: true, motivo: null },
          promociones: [{ codigo: 'HOLA10', descuento: 2.5 }],
        } satisfies CartQuote);
      if (cupon)
        return Response.json({
          ...base,
          descuento: 0,
          total: 25,
          cupon: { aplicado: false, motivo: 'Te faltan $5.00 para usar este código.' },
        } satisfies CartQuote);
      return Response.json({ ...base, descuento: 0, total: 25, cupon: null } satisfies CartQuote);
    });
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_10', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () => Response.json(sale({ valor_total_venta: 22.5 }), { status: 201 }));
    storeCart([{ id: 2, cantidad: 2, precio: 1250, nombre: 'Taza' }]);
    renderCart();
    await payable();

    fireEvent.change(screen.getByLabelText('Código de descuento'), { target: { value: 'grande' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Te faltan $5.00 para usar este código.')).toBeTruthy();
    expect(payButton('Pagar 25.00 USD')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Código de descuento'), { target: { value: 'hola10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Código HOLA10 aplicado')).toBeTruthy();
    await payable();
    expect(api.calls('POST /api/carrito/cotizar').at(-1)?.body).toMatchObject({ cupon: 'HOLA10' });

    await pickState('Texas');
    await fillCard();
    await act(async () => fireEvent.click(payButton('Pagar 22.50 USD')));
    expect(api.calls('POST /api/venta')[0]?.body).toMatchObject({ valor_total_venta: 2250, cupon: 'HOLA10' });
    expect(localStorage.getItem('cupon')).toBeNull();
  });

  it('asks for the state from the list before paying, and shows the shipping the server quotes for it', async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza' })));
    storeCart([{ id: 2, cantidad: 1, precio: 1000, nombre: 'Taza' }]);
    renderCart();
    await payable();
    await fillCard();
    await act(async () => fireEvent.click(payButton()));
    const state = screen.getByRole('combobox', { name: 'Estado' });
    expect(describedText(state)).toContain('Elige un estado de la lista');
    expect(document.activeElement).toBe(state);
    expect(api.calls('POST /api/venta')).toHaveLength(0);

    quoted = 12;
    await pickState('Florida');
    expect(api.calls('POST /api/carrito/cotizar').at(-1)?.body).toEqual({
      detalle_venta: [{ id_producto: 2, cantidad: 1 }],
      metodo_envio: 'domicilio',
      region: 'Florida',
    });
    const totals = screen.getByRole('complementary', { name: 'Resumen' });
    expect(within(totals).getByText('Envío').nextElementSibling?.textContent).toBe('$12.00');
    expect(payButton('Pagar 22.00 USD')).toBeTruthy();
  });

  it('offers pickup at the store when the shop has it: its address and hours, no address asked, no shipping', async () => {
    api.on('GET /api/ajustes', () => Response.json(ajustes({ envio_tarifa: 5, envio_gratis_desde: null })));
    api.on('GET /api/ajustes/envio', () => Response.json(shippingOptions(PICKUP)));
    api.on('GET /api/products/2', () => Response.json(product(2, { nombre: 'Taza' })));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_9', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () => Response.json(sale(), { status: 201 }));
    storeCart([{ id: 2, cantidad: 1, precio: 1000, nombre: 'Taza' }]);
    renderCart();
    await payable();
    const pickup = await screen.findByRole('radio', { name: /Retiro en tienda/ });
    expect(pickup.closest('label')?.textContent).toContain('Calle Roble 12, Austin');
    expect(pickup.closest('label')?.textContent).toContain('Horario: Lunes a viernes de 9 a 18');
    await act(async () => fireEvent.click(pickup));
    expect(screen.queryByLabelText('Dirección de entrega')).toBeNull();
    await payable();
    const totals = screen.getByRole('complementary', { name: 'Resumen' });
    expect(within(totals).getByText('Envío').nextElementSibling?.textContent).toBe('Gratis');

    await fillCard();
    await act(async () => fireEvent.click(payButton('Pagar 10.00 USD')));
    expect(api.calls('POST /api/venta')[0]?.body).toEqual({
      detalle_venta: [{ id_producto: 2, cantidad: 1 }],
      id_pago: 'pm_9',
      valor_total_venta: 1000,
      costo_envio: 0,
      metodo_envio: 'retiro',
    });
  });

  it('sends visitors to /login', async () => {
    api.on('GET /api/usuario/me', answerSession(null));
    const router = renderCart();
    await screen.findByText('Login');
    expect(router.location.pathname).toBe('/login');
  });
});

describe('CartPage with variants', () => {
  /** Shirt 7 in M and L blue at $15.00; the product's own price is its cheapest, as the server mirrors it. */
  const shirt = product(7, {
    nombre: 'Camiseta',
    valor: 15,
    opciones: [
      { nombre: 'Talla', valores: ['M', 'L'] },
      { nombre: 'Color', valores: ['Azul'] },
    ],
    variantes: [4, 5].map((id_variante, i) => ({
      id_variante,
      sku: `CAM-${i === 0 ? 'M' : 'L'}-AZUL`,
      valores: [i === 0 ? 'M' : 'L', 'Azul'],
      valor: 15,
      valor_descuento: null,
      stock: i === 0 ? 5 : 1,
      stock_minimo: null,
      imagen: `/uploads/productos/${id_variante}.webp`,
      estado: true,
    })),
  });

  it('names each line’s variant with its SKU and photo, and quotes and sells it by id_variante', async () => {
    api.on('GET /api/products/7', () => Response.json(shirt));
    api.on('POST /api/pagos/sandbox/metodos', () =>
      Response.json({ id_pago: 'pm_1', marca: 'visa', ultimos4: '4242' }, { status: 201 }),
    );
    api.on('POST /api/venta', () => Response.json(sale(), { status: 201 }));
    localStorage.setItem('cart', JSON.stringify([{ id: 7, variante: 4, cantidad: 2, precio: 1500 }]));
    renderCart();
    const line = await findCard('Camiseta');
    expect(await within(line).findByText('Talla M · Azul')).toBeTruthy();
    expect(within(line).getByText('· SKU CAM-M-AZUL')).toBeTruthy();
    expect(line.querySelector('img')?.getAttribute('src')).toBe('/uploads/productos/4.webp');
    expect(within(line).getByRole('link', { name: 'Camiseta' }).getAttribute('href')).toBe(
      '/products/7?variante=4',
    );
    await payable();
    expect(api.calls('POST /api/carrito/cotizar').at(-1)?.body).toMatchObject({
      detalle_venta: [{ id_producto: 7, id_variante: 4, cantidad: 2 }],
    });
    await fillCard();
    await submit();
    expect(api.calls('POST /api/venta')[0]?.body).toMatchObject({
      detalle_venta: [{ id_producto: 7, id_variante: 4, cantidad: 2 }],
    });
  });

  it('flags a variant above its own stock, one that is gone, and a line kept before the product had options', async () => {
    api.on('GET /api/products/7', () => Response.json(shirt));
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 7, variante: 5, cantidad: 2, precio: 1500 },
        { id: 7, variante: 99, cantidad: 1, precio: 1500, etiqueta: 'Talla S · Rojo' },
        { id: 7, cantidad: 1, precio: 1500 },
      ]),
    );
    renderCart();
    expect(await screen.findByText('Solo quedan 1 unidad.')).toBeTruthy();
    const cards = await screen.findAllByRole('article', { name: 'Camiseta' });
    expect(await within(cards[1] as HTMLElement).findByText('Ya no está disponible')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Talla S · Rojo')).toBeTruthy();
    expect(within(cards[2] as HTMLElement).getByText('Ya no está disponible')).toBeTruthy();
    expect(payButton().disabled).toBe(true);
  });
});
