// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Sale } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { sale, saleLine, shopConfig } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { SalesHistoryPage } from './sales-history-page';

const api = createApiDouble();

const buyer = { id_usuario: 2, primer_nombre: 'Ana', primer_apellido: 'López', email: 'ana@vitrina.local' };
/** Ana paid once and was declined twice (a declined card, then one without funds). */
let attempts: Sale[] = [];
const allAttempts = (): Sale[] => [
  sale({ id_venta: 9, estado: 'pagada', Usuario: buyer, detalle_venta: [saleLine({ id_venta: 9 })] }),
  sale({ id_venta: 8, estado: 'fallida', Usuario: buyer, detalle_venta: [saleLine({ id_venta: 8 })] }),
  sale({ id_venta: 7, estado: 'fallida', Usuario: buyer, detalle_venta: [saleLine({ id_venta: 7 })] }),
];

setUpAppTests(api);
beforeEach(() => {
  attempts = allAttempts();
  // As the server answers: paid sales unless `estado` asks for others.
  api.on('GET /api/venta', (url) => {
    const estado = url.searchParams.get('estado') ?? 'pagada';
    const items = attempts.filter((s) => estado === 'todas' || s.estado === estado);
    return Response.json({ items, total: items.length, page: 1, pageSize: 6 });
  });
});

describe('SalesHistoryPage', () => {
  it('counts paid sales only: declined payments are not sales', async () => {
    renderAdmin(<SalesHistoryPage />, { path: '/historialVentas' });
    const table = await screen.findByRole('table', { name: 'Ventas: 1' });
    expect(within(table).getByText('Venta n.º 9')).toBeTruthy();
    expect(within(table).queryByText('Rechazada')).toBeNull();
    expect(api.calls('GET /api/venta')[0]?.url.searchParams.has('estado')).toBe(false);
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(
      '/api/venta/export.csv',
    );
  });

  it('shows the failed attempts when the admin filters by Estado, and exports the same selection', async () => {
    renderAdmin(<SalesHistoryPage />, { path: '/historialVentas' });
    await screen.findByRole('table', { name: 'Ventas: 1' });
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'fallida' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Filtrar' })));

    const table = await screen.findByRole('table', { name: 'Pagos rechazados: 2' });
    expect(within(table).getAllByText('Rechazada')).toHaveLength(2);
    expect(api.calls('GET /api/venta').at(-1)?.url.searchParams.get('estado')).toBe('fallida');
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(
      '/api/venta/export.csv?estado=fallida',
    );

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' })));
    expect(await screen.findByRole('table', { name: 'Ventas: 1' })).toBeTruthy();
  });

  it('reads the state from the URL, every attempt included', async () => {
    renderAdmin(<SalesHistoryPage />, { path: '/historialVentas?estado=todas' });
    expect(await screen.findByRole('table', { name: 'Intentos de compra: 3' })).toBeTruthy();
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('todas');
  });

  it("dates each sale in the shop's time zone, not the browser's: 20:00 in Mexico City stays that day", async () => {
    attempts[0] = sale({ ...attempts[0], fecha: '2026-11-22T02:00:00.000Z' } as Sale);
    renderAdmin(<SalesHistoryPage />, { path: '/historialVentas' });
    const table = await screen.findByRole('table', { name: 'Ventas: 1' });
    expect(within(table).getByText(/^21 nov 2026, 8:00\sp\.\s?m\.$/)).toBeTruthy();
  });

  it('follows SHOP_TIMEZONE as GET /api/config gives it', async () => {
    api.on('GET /api/config', () => Response.json(shopConfig({ timeZone: 'Europe/Madrid' })));
    attempts[0] = sale({ ...attempts[0], fecha: '2026-11-22T02:00:00.000Z' } as Sale);
    renderAdmin(<SalesHistoryPage />, { path: '/historialVentas' });
    const table = await screen.findByRole('table', { name: 'Ventas: 1' });
    expect(await within(table).findByText(/^22 nov 2026, 3:00\sa\.\s?m\.$/)).toBeTruthy();
  });
});
