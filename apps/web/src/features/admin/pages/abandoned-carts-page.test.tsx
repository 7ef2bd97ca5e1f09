// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AbandonedCartRow, abandonedCartRowSchema } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { AbandonedCartsPage } from './abandoned-carts-page';

const api = createApiDouble();

const cart = (i: number, overrides: Partial<AbandonedCartRow> = {}): AbandonedCartRow =>
  fixture(abandonedCartRowSchema, {
    id_carrito: 500 + i,
    id_usuario: 100 + i,
    nombre: `Cliente ${i}`,
    email: `cliente${i}@example.com`,
    unidades: 2,
    valor: 31.8,
    actualizado: '2026-11-20T18:00:00.000Z',
    recordado: null,
    sin_recordatorios: false,
    id_venta: null,
    numero_pedido: null,
    ...overrides,
  });

/**
 * 23 carts: the first recovered by an order, the second opted out, the rest resting without a reminder,
 * the third a guest's who typed no name.
 */
const carts: AbandonedCartRow[] = Array.from({ length: 23 }, (_, i) => cart(i)).map((row, i) => {
  if (i === 0)
    return { ...row, recordado: '2026-11-20T17:00:00.000Z', id_venta: 41, numero_pedido: 'V-000041' };
  if (i === 1) return { ...row, sin_recordatorios: true };
  if (i === 2) return { ...row, id_usuario: null, nombre: '', email: 'invitada@example.com' };
  return row;
});

setUpAppTests(api);
beforeEach(() => {
  api.on('GET /api/admin/carritos/olvidados', (url) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const pageSize = Number(url.searchParams.get('pageSize') ?? '20');
    const items = carts.slice((page - 1) * pageSize, page * pageSize);
    return Response.json({ items, total: carts.length, page, pageSize });
  });
});

describe('AbandonedCartsPage', () => {
  it('lists each cart with its items, value, last change, reminder and recovered order, 20 a page', async () => {
    renderAdmin(<AbandonedCartsPage />, { path: '/admin/carritos' });
    const table = await screen.findByRole('table', { name: 'Carritos olvidados: 23' });
    const [, recovered, optedOut, resting] = within(table).getAllByRole('row') as HTMLElement[];
    if (!recovered || !optedOut || !resting) throw new Error('rows expected');
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(recovered).getByRole('rowheader').textContent).toBe('Cliente 0');
    expect(within(recovered).getByText('cliente0@example.com')).toBeTruthy();
    expect(within(recovered).getByText('$31.80')).toBeTruthy();
    // 18:00 UTC is 12:00 in Mexico City.
    expect(within(recovered).getByText(/^20 nov 2026, 12:00\sp\.\s?m\.$/)).toBeTruthy();
    expect(within(recovered).getByText(/^Enviado el 20 nov 2026, 11:00\sa\.\s?m\.$/)).toBeTruthy();
    expect(within(recovered).getByRole('link', { name: 'V-000041' }).getAttribute('href')).toBe(
      '/admin/pedidos/41',
    );
    expect(within(optedOut).getByText('No (el cliente los desactivó)')).toBeTruthy();
    expect(within(resting).getByText('Todavía no')).toBeTruthy();
    expect(within(resting).getByRole('rowheader').textContent).toBe('Sin nombre invitado');
    expect(within(resting).getByText('invitada@example.com')).toBeTruthy();
    expect(within(resting).queryByRole('link')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Página 2' })));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Carritos olvidados: 23' })).getAllByRole('row'),
      ).toHaveLength(4),
    );
    expect(api.calls('GET /api/admin/carritos/olvidados').at(-1)?.url.searchParams.get('page')).toBe('2');
  });

  it('says so when no cart was left', async () => {
    api.on('GET /api/admin/carritos/olvidados', () =>
      Response.json({ items: [], total: 0, page: 1, pageSize: 20 }),
    );
    renderAdmin(<AbandonedCartsPage />, { path: '/admin/carritos' });
    expect(await screen.findByText('No hay carritos olvidados.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Páginas de carritos olvidados' })).toBeNull();
  });
});
