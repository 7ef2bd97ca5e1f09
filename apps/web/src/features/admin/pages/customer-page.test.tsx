// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sale, usuario } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { CustomerPage } from './customer-page';

const api = createApiDouble();
setUpAppTests(api);

const renderCustomer = () =>
  renderAdmin(<CustomerPage />, { path: '/admin/usuarios/2', pattern: '/admin/usuarios/:id' });

describe('CustomerPage', () => {
  it("shows the account, the orders in figures and the customer's own orders", async () => {
    api.on('GET /api/usuario/2', () => Response.json(usuario({ tiene_password: false })));
    api.on('GET /api/venta/clientes/2', () =>
      Response.json({ pedidos: 2, total_gastado: 1234.5, ultimo_pedido: '2026-03-01T10:00:00.000Z' }),
    );
    api.on('GET /api/venta', () =>
      Response.json({
        items: [sale(), sale({ id_venta: 8, numero_pedido: 'V-000008' })],
        total: 2,
        page: 1,
        pageSize: 6,
      }),
    );
    renderCustomer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana López' })).toBeTruthy();
    const account = screen.getByRole('region', { name: 'Datos' });
    expect(within(account).getByText('ana@vitrina.local')).toBeTruthy();
    expect(within(account).getByText(/Activa · entra con Google/)).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Compras' });
    expect(within(figures).getByText('$1,234.50')).toBeTruthy();
    expect(await within(figures).findByRole('table', { name: 'Pedidos de Ana López: 2' })).toBeTruthy();
    const query = api.calls('GET /api/venta')[0]?.url;
    expect(query?.searchParams.get('cliente')).toBe('2');
  });

  it('says a customer who never bought has not ordered yet', async () => {
    api.on('GET /api/usuario/2', () => Response.json(usuario()));
    api.on('GET /api/venta/clientes/2', () =>
      Response.json({ pedidos: 0, total_gastado: 0, ultimo_pedido: null }),
    );
    api.on('GET /api/venta', () => Response.json({ items: [], total: 0, page: 1, pageSize: 6 }));
    renderCustomer();
    expect(await screen.findByText('Todavía no compra')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
