// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { OrderSummary } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { sale, saleLine, shopConfig } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { OrdersPage } from './orders-page';

const api = createApiDouble();

const buyer = { id_usuario: 2, primer_nombre: 'Ana', primer_apellido: 'López', email: 'ana@vitrina.local' };
/** Ana's order 9 was shipped, order 8 is waiting to be prepared; attempt 7 was declined (not an order). */
let attempts: OrderSummary[] = [];
const allAttempts = (): OrderSummary[] => [
  sale({
    id_venta: 9,
    numero_pedido: 'V-000002',
    estado: 'enviada',
    transportista: 'Estafeta',
    guia: 'EST123',
    Usuario: buyer,
    detalle_venta: [saleLine({ id_venta: 9 })],
  }),
  sale({ id_venta: 8, numero_pedido: 'V-000001', estado: 'pagada', Usuario: buyer, detalle_venta: [] }),
  sale({ id_venta: 7, numero_pedido: null, estado: 'fallida', Usuario: buyer, detalle_venta: [] }),
];

const ORDERS = ['pagada', 'preparando', 'enviada', 'entregada', 'cancelada', 'reembolsada'];

setUpAppTests(api);
beforeEach(() => {
  attempts = allAttempts();
  // As the server answers: every order unless `estado` asks for one state or every attempt.
  api.on('GET /api/venta', (url) => {
    const estado = url.searchParams.get('estado') ?? 'pedidos';
    const q = url.searchParams.get('q');
    const items = attempts
      .filter(
        (s) => estado === 'todas' || (estado === 'pedidos' ? ORDERS.includes(s.estado) : s.estado === estado),
      )
      .filter((s) => !q || s.numero_pedido === q);
    return Response.json({ items, total: items.length, page: 1, pageSize: 6 });
  });
});

describe('OrdersPage', () => {
  it('lists the orders with their number (linked to the order page), state and tracking; declined attempts are not orders', async () => {
    renderAdmin(<OrdersPage />, { path: '/admin/pedidos' });
    const table = await screen.findByRole('table', { name: 'Pedidos: 2' });
    const shipped = within(table).getByRole('link', { name: 'V-000002' });
    expect(shipped.getAttribute('href')).toBe('/admin/pedidos/9');
    const row = shipped.closest('tr') as HTMLElement;
    expect(within(row).getByText('Enviado')).toBeTruthy();
    expect(within(row).getByText('Guía EST123 (Estafeta)')).toBeTruthy();
    expect(within(table).getByText('Pagado')).toBeTruthy();
    expect(within(table).queryByText('Pago rechazado')).toBeNull();
    expect(api.calls('GET /api/venta')[0]?.url.searchParams.has('estado')).toBe(false);
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(
      '/api/venta/export.csv',
    );
  });

  it('filters by state and searches by order number, keeping both in the URL and the export', async () => {
    const router = renderAdmin(<OrdersPage />, { path: '/admin/pedidos' });
    await screen.findByRole('table', { name: 'Pedidos: 2' });
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'pagada' } });
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: ' V-000001 ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Filtrar' })));

    const table = await screen.findByRole('table', {
      name: 'Pedidos «Pagado» que coinciden con «V-000001»: 1',
    });
    expect(within(table).getByRole('link', { name: 'V-000001' })).toBeTruthy();
    const sent = api.calls('GET /api/venta').at(-1)?.url.searchParams;
    expect(sent?.get('estado')).toBe('pagada');
    expect(sent?.get('q')).toBe('V-000001');
    expect(router.location.search).toBe('?estado=pagada&q=V-000001');
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(
      '/api/venta/export.csv?estado=pagada',
    );

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' })));
    expect(await screen.findByRole('table', { name: 'Pedidos: 2' })).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    renderAdmin(<OrdersPage />, { path: '/admin/pedidos?q=V-000404' });
    expect(await screen.findByText('No hay pedidos que coinciden con «V-000404»')).toBeTruthy();
    expect(screen.queryByText('No se ha realizado ninguna venta')).toBeNull();
  });

  it("says SPEC's 'No se ha realizado ninguna venta' when the shop has no order at all", async () => {
    attempts = attempts.filter((s) => !ORDERS.includes(s.estado));
    renderAdmin(<OrdersPage />, { path: '/admin/pedidos' });
    expect(await screen.findByText('No se ha realizado ninguna venta')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads the state from the URL, every attempt included', async () => {
    renderAdmin(<OrdersPage />, { path: '/admin/pedidos?estado=todas' });
    const table = await screen.findByRole('table', { name: 'Intentos de compra: 3' });
    expect(within(table).getByText('Pago rechazado')).toBeTruthy();
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('todas');
  });

  it("dates each order in the shop's time zone, not the browser's: 20:00 in Mexico City stays that day", async () => {
    attempts[0] = sale({ ...attempts[0], fecha: '2026-11-22T02:00:00.000Z' } as OrderSummary);
    renderAdmin(<OrdersPage />, { path: '/admin/pedidos' });
    const table = await screen.findByRole('table', { name: 'Pedidos: 2' });
    expect(within(table).getByText(/^21 nov 2026, 8:00\sp\.\s?m\.$/)).toBeTruthy();
  });

  it('follows SHOP_TIMEZONE as GET /api/config gives it', async () => {
    api.on('GET /api/config', () => Response.json(shopConfig({ timeZone: 'Europe/Madrid' })));
    attempts[0] = sale({ ...attempts[0], fecha: '2026-11-22T02:00:00.000Z' } as OrderSummary);
    renderAdmin(<OrdersPage />, { path: '/admin/pedidos' });
    const table = await screen.findByRole('table', { name: 'Pedidos: 2' });
    expect(await within(table).findByText(/^22 nov 2026, 3:00\sa\.\s?m\.$/)).toBeTruthy();
  });
});
