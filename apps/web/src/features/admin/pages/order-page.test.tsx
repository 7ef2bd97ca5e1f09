// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Order } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, order as orderFixture, orderLine } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { AdminOrderPage } from './order-page';

const api = createApiDouble();

const admin = { id_usuario: 1, nombre: 'Admin Vitrina', email: 'admin@vitrina.local' };
/** Order V-000007: 2 Camisetas at $15.90 and 3 Tazas at $4.00, paid, $5.00 shipping. */
const order = (overrides: Partial<Order> = {}) =>
  orderFixture({
    Usuario: { id_usuario: 2, primer_nombre: 'Ana', primer_apellido: 'López', email: 'ana@vitrina.local' },
    detalle_venta: [
      orderLine(),
      orderLine({
        id_detalle_venta: 10,
        id_producto: 6,
        cantidad: 3,
        valor_unitario: 4,
        valor_total_cantidad: 12,
        Producto: { id_producto: 6, nombre: 'Taza', imagen: '/uploads/productos/6.webp' },
      }),
    ],
    subtotal: 43.8,
    valor_total_venta: 48.8,
    ...overrides,
  });

let current: Order;
const allUnitsRefunded = () =>
  order().detalle_venta.map((line) => ({ ...line, cantidad_reembolsada: line.cantidad }));

setUpAppTests(api);
beforeEach(() => {
  current = order();
  api.on('GET /api/venta/7', () => Response.json(current));
});

const renderOrder = () =>
  renderAdmin(<AdminOrderPage />, { path: '/admin/pedidos/7', pattern: '/admin/pedidos/:id' });
const dialog = (name: string) => screen.findByRole('alertdialog', { name });
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));

describe('AdminOrderPage', () => {
  it('shows the buyer, the address, the lines and money, and only the moves a paid order allows', async () => {
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido V-000007' })).toBeTruthy();
    expect(screen.getByText(/Ana López \(ana@vitrina\.local\)/)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Envío y pago' })).getByText(/Calle Durango 120, Roma Norte/),
    ).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Taza' })).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Estado del pedido' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Preparar pedido', 'Cancelar pedido']);
    expect(within(actions).queryByLabelText('Número de guía (opcional)')).toBeNull();
  });

  it('tells the admin about a refund the payment system rejected after accepting it', async () => {
    current = order({
      reembolsos_fallidos: [
        { monto: 48.8, motivo: 'expired_or_canceled_card', fecha: '2026-11-20T18:00:00Z' },
      ],
    });
    renderOrder();
    const note = await screen.findByText(/no se devolvió \(la tarjeta venció o fue cancelada\)/);
    expect(note.textContent).toBe(
      '$48.80 no se devolvió (la tarjeta venció o fue cancelada): el sistema de pagos lo rechazó y el pedido no lo cuenta como reembolsado.',
    );
    expect(screen.getByText('Reembolso rechazado')).toBeTruthy();
  });

  it('changes nothing when the confirmation is dismissed', async () => {
    renderOrder();
    await click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    await click(within(await dialog('Cancelar pedido')).getByRole('button', { name: 'Volver' }));
    expect(api.calls('PUT /api/venta/7/estado')).toHaveLength(0);
  });

  it('ships with the carrier and tracking number after confirming, and shows them', async () => {
    current = order({ estado: 'preparando' });
    api.on('PUT /api/venta/7/estado', () => {
      current = order({
        estado: 'enviada',
        transportista: 'Estafeta',
        guia: 'EST-123',
        historial: [
          { estado: 'pagada', fecha: '2026-03-01T10:00:00.000Z', usuario: null },
          { estado: 'preparando', fecha: '2026-03-01T11:00:00.000Z', usuario: admin },
          { estado: 'enviada', fecha: '2026-03-02T09:00:00.000Z', usuario: admin },
        ],
      });
      return Response.json(current);
    });
    renderOrder();
    fireEvent.change(await screen.findByLabelText('Transportista (opcional)'), {
      target: { value: 'Estafeta' },
    });
    fireEvent.change(screen.getByLabelText('Número de guía (opcional)'), { target: { value: ' EST-123 ' } });
    await click(screen.getByRole('button', { name: 'Marcar como enviado' }));
    const confirmation = await dialog('Marcar como enviado');
    expect(
      within(confirmation).getByText(/Transportista: Estafeta\. Número de guía: EST-123\./),
    ).toBeTruthy();
    await click(within(confirmation).getByRole('button', { name: 'Marcar como enviado' }));

    expect(api.calls('PUT /api/venta/7/estado')[0]?.body).toEqual({
      estado: 'enviada',
      transportista: 'Estafeta',
      guia: 'EST-123',
    });
    const shipment = await screen.findByRole('region', { name: 'Envío y pago' });
    expect(within(shipment).getByText('EST-123')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Historial' })).getAllByText(/Admin Vitrina/),
    ).toHaveLength(2);
    // Shipped: only delivery is left.
    expect(screen.getByRole('button', { name: 'Marcar como entregado' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
  });

  it('says why the server refused a move (409), and shows the order as it is now', async () => {
    api.on('PUT /api/venta/7/estado', () => {
      // Another admin shipped it meanwhile.
      current = order({ estado: 'enviada' });
      return Response.json(apiError('Conflict', 'El pedido ya se envió y no se puede cancelar.'), {
        status: 409,
      });
    });
    renderOrder();
    await click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    await click(within(await dialog('Cancelar pedido')).getByRole('button', { name: 'Cancelar pedido' }));
    const actions = screen.getByRole('region', { name: 'Estado del pedido' });
    expect(await within(actions).findByRole('alert')).toHaveProperty(
      'textContent',
      'El pedido ya se envió y no se puede cancelar.',
    );
    expect(await screen.findByRole('button', { name: 'Marcar como entregado' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
  });

  it('refunds some units with one key per refund, the same key when retrying after a network error', async () => {
    let attempts = 0;
    api.on('POST /api/venta/7/reembolso', () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      current = order({
        monto_reembolsado: 4,
        detalle_venta: current.detalle_venta.map((line) =>
          line.id_detalle_venta === 10
            ? { ...line, cantidad_reembolsada: line.cantidad_reembolsada + 1 }
            : line,
        ),
      });
      return Response.json(current);
    });
    renderOrder();
    const units = await screen.findByLabelText('Unidades de Taza a reembolsar');
    fireEvent.change(units, { target: { value: '1' } });
    await click(screen.getByRole('button', { name: 'Reembolsar lo elegido' }));
    let confirmation = await dialog('¿Reembolsar?');
    expect(
      within(confirmation).getByText(/^Reembolsar 1 × Taza \(\$4\.00\): \$4\.00 en total\./),
    ).toBeTruthy();
    await click(within(confirmation).getByRole('button', { name: 'Reembolsar' }));
    expect(await screen.findByText(/no se reembolsará dos veces/)).toBeTruthy();

    await click(screen.getByRole('button', { name: 'Reembolsar lo elegido' }));
    confirmation = await dialog('¿Reembolsar?');
    await click(within(confirmation).getByRole('button', { name: 'Reembolsar' }));
    expect(await screen.findByText('1 reembolsada')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Unidades de Taza a reembolsar'), { target: { value: '1' } });
    await click(screen.getByRole('button', { name: 'Reembolsar lo elegido' }));
    await click(within(await dialog('¿Reembolsar?')).getByRole('button', { name: 'Reembolsar' }));

    const calls = api.calls('POST /api/venta/7/reembolso');
    expect(calls.map((call) => call.body)).toEqual(
      Array(3).fill({ lineas: [{ id_detalle_venta: 10, cantidad: 1 }] }),
    );
    const keys = calls.map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('refuses more units than are left to refund, without asking the server', async () => {
    current = order({ detalle_venta: [orderLine({ cantidad_reembolsada: 1 })] });
    renderOrder();
    fireEvent.change(await screen.findByLabelText('Unidades de Camiseta a reembolsar'), {
      target: { value: '2' },
    });
    await click(screen.getByRole('button', { name: 'Reembolsar lo elegido' }));
    expect(within(screen.getByRole('region', { name: 'Reembolso' })).getByRole('alert').textContent).toBe(
      'Las unidades de Camiseta deben ser un número entero entre 0 y 1.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('POST /api/venta/7/reembolso')).toHaveLength(0);
  });

  it('refunds the shipping only when ticked, stating the exact amount before asking', async () => {
    api.on('POST /api/venta/7/reembolso', () => Response.json(current));
    renderOrder();
    fireEvent.change(await screen.findByLabelText('Unidades de Taza a reembolsar'), {
      target: { value: '1' },
    });
    await click(screen.getByLabelText('Reembolsar también el envío ($5.00)'));
    await click(screen.getByRole('button', { name: 'Reembolsar lo elegido' }));
    const confirmation = await dialog('¿Reembolsar?');
    expect(
      within(confirmation).getByText(
        /^Reembolsar 1 × Taza \(\$4\.00\), el envío \(\$5\.00\): \$9\.00 en total\./,
      ),
    ).toBeTruthy();
    await click(within(confirmation).getByRole('button', { name: 'Reembolsar' }));
    expect(api.calls('POST /api/venta/7/reembolso')[0]?.body).toEqual({
      lineas: [{ id_detalle_venta: 10, cantidad: 1 }],
      incluir_envio: true,
    });
  });

  it('offers the shipping alone once every unit is refunded', async () => {
    current = order({ detalle_venta: allUnitsRefunded(), monto_reembolsado: 43.8 });
    renderOrder();
    const region = await screen.findByRole('region', { name: 'Reembolso' });
    expect(within(region).queryByLabelText(/Unidades de/)).toBeNull();
    expect(within(region).getByLabelText('Reembolsar también el envío ($5.00)')).toBeTruthy();
    await click(within(region).getByRole('button', { name: 'Reembolsar todo el pedido' }));
    expect(
      within(await dialog('¿Reembolsar?')).getByText(
        /^Reembolsar todo lo que queda pagado de este pedido: \$5\.00, con \$5\.00 del envío\./,
      ),
    ).toBeTruthy();
  });

  it('offers no refund once the units and the shipping are refunded', async () => {
    current = order({ detalle_venta: allUnitsRefunded(), monto_reembolsado: 48.8, envio_reembolsado: 5 });
    renderOrder();
    await screen.findByText('Reembolsado', { selector: 'dt' });
    expect(screen.queryByRole('region', { name: 'Reembolso' })).toBeNull();
  });

  it("lists each refund in the order's history with what it gave back and who made it", async () => {
    current = order({
      monto_reembolsado: 9,
      envio_reembolsado: 5,
      reembolsos: [
        {
          fecha: '2026-03-02T10:00:00.000Z',
          monto: 9,
          envio: 5,
          impuesto: null,
          lineas: [{ nombre: 'Taza', cantidad: 1 }],
          usuario: admin,
        },
      ],
    });
    renderOrder();
    const entry = await screen.findByText('Reembolso de $9.00: 1 × Taza y el envío ($5.00)');
    expect(entry.closest('li')?.textContent).toContain('Admin Vitrina (admin@vitrina.local)');
  });

  it('restates the tax included in each refund when the order shows its tax', async () => {
    current = order({
      impuesto: { nombre: 'IVA', tasa: 16, monto: 6.73 },
      monto_reembolsado: 10,
      reembolsos: [
        {
          fecha: '2026-03-02T10:00:00.000Z',
          monto: 10,
          envio: 0,
          impuesto: 1.38,
          lineas: [{ nombre: 'Taza', cantidad: 1 }],
          usuario: admin,
        },
      ],
    });
    renderOrder();
    expect(
      await screen.findByText(/^Reembolso de \$10\.00: 1 × Taza\. Incluye IVA \(16\s%\): \$1\.38$/),
    ).toBeTruthy();
  });

  it('refunds the whole order with an empty body', async () => {
    api.on('POST /api/venta/7/reembolso', () => {
      current = order({ estado: 'reembolsada', monto_reembolsado: 48.8 });
      return Response.json(current);
    });
    renderOrder();
    await click(await screen.findByRole('button', { name: 'Reembolsar todo el pedido' }));
    const confirmation = await dialog('¿Reembolsar?');
    expect(
      within(confirmation).getByText(
        /^Reembolsar todo lo que queda pagado de este pedido: \$48\.80, con \$5\.00 del envío\./,
      ),
    ).toBeTruthy();
    await click(within(confirmation).getByRole('button', { name: 'Reembolsar' }));
    expect(api.calls('POST /api/venta/7/reembolso')[0]?.body).toEqual({});
    expect(await screen.findByText('Reembolsado', { selector: 'dt' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Reembolso' })).toBeNull();
  });

  it('prints a packing list with the units to pack, refunded ones left out, and no prices', async () => {
    current = order({ detalle_venta: [orderLine({ cantidad: 3, cantidad_reembolsada: 1 })] });
    renderOrder();
    const packing = await screen.findByRole('region', { name: 'Lista de empaque', hidden: true });
    const row = within(packing).getByText('Camiseta').closest('tr') as HTMLElement;
    expect(row.lastElementChild?.textContent).toBe('2');
    expect(within(packing).getByText(/Calle Durango 120/)).toBeTruthy();
    expect(packing.textContent).not.toContain('$');
  });

  it.each(['abc', '0', '1.5'])(
    'says order %s does not exist, without asking the server or a retry',
    async (id) => {
      api.otherwise(() =>
        Response.json(apiError('Bad Request', 'El identificador no es válido'), { status: 400 }),
      );
      renderAdmin(<AdminOrderPage />, { path: `/admin/pedidos/${id}`, pattern: '/admin/pedidos/:id' });
      expect(await screen.findByRole('heading', { level: 1, name: 'No existe este pedido' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
      expect(api.calls('GET /api/venta/0')).toHaveLength(0);
    },
  );

  it('says an unknown order does not exist, with no retry', async () => {
    api.on('GET /api/venta/7', () => Response.json(apiError('Not Found', 'No encontrado'), { status: 404 }));
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'No existe este pedido' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('offers a retry when the server failed', async () => {
    api.on('GET /api/venta/7', () =>
      Response.json(apiError('Internal Server Error', 'Error'), { status: 500 }),
    );
    renderOrder();
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No existe este pedido' })).toBeNull();
  });
});
