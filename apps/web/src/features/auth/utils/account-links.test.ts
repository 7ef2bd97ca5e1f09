import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../../testing/fixtures';
import { accountMenu } from './account-links';

describe('accountMenu by role', () => {
  it('gives staff the way into their part of the admin, with no cart, and the orders only to roles that have them', () => {
    const ventas = accountMenu(sessionUser({ rol: 'ventas' }));
    expect(ventas.label).toBe('Administración');
    expect(ventas.links).toEqual([
      { label: 'Inicio', to: '/adminHome' },
      { label: 'Historial de ventas', to: '/admin/pedidos' },
    ]);
    expect(ventas.showCart).toBe(false);
    expect(accountMenu(sessionUser({ rol: 'encargado' })).links).toEqual(ventas.links);

    const customer = accountMenu(sessionUser());
    expect(customer.label).toBeUndefined();
    expect(customer.showCart).toBe(true);
    expect(customer.links.map((l) => l.to)).not.toContain('/adminHome');
  });
});
