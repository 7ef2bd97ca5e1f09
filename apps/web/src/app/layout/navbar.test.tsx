// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { SessionUser } from '@vitrina/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { AppProvider } from '../provider';
import { Navbar } from './navbar';

const user = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id_usuario: 2,
  primer_nombre: 'Ana',
  primer_apellido: 'López',
  email: 'ana@vitrina.local',
  direccion: 'Avenida Reforma 123',
  telefono: '5512345678',
  imagen: '',
  estado: true,
  admin: false,
  tiene_password: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  login: 'database',
  ...overrides,
});

let me: SessionUser | null = null;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const path = String(input);
  if (path === '/api/usuario/me') {
    return me
      ? Response.json(me)
      : Response.json({ error: 'Unauthorized', message: 'Inicia sesión' }, { status: 401 });
  }
  if (path === '/api/usuario/logout') return new Response(null, { status: 204 });
  return new Response(null, { status: 404 });
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  queryClient.clear();
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function renderNavbar(session: SessionUser | null) {
  me = session;
  const router = createMemoryRouter([{ path: '*', element: <Navbar /> }], { initialEntries: ['/about'] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  await screen.findAllByRole('navigation', { name: 'Cuenta' });
  return router;
}

const accountNav = () => screen.getAllByRole('navigation', { name: 'Cuenta' })[0] as HTMLElement;
/** The entries of the account menu (opened) as the user reads them. */
function openMenu(name: string): string[] {
  const nav = accountNav();
  fireEvent.click(within(nav).getByRole('button', { name }));
  const items = within(nav).getAllByRole('listitem');
  return items.map((item) => item.textContent ?? '');
}
/** The account part of the drawer, from its greeting or 'Tu cuenta' on. */
const drawerText = () =>
  screen.getByRole('navigation', { name: 'Menú principal', hidden: true }).textContent ?? '';

describe('Navbar by role', () => {
  it('a visitor sees Iniciar sesión and Registrarse, the search box and no cart', async () => {
    await renderNavbar(null);
    const nav = accountNav();
    expect(within(nav).getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(within(nav).getByRole('link', { name: 'Registrarse' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('searchbox', { name: 'Buscar productos' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Carrito/ })).toBeNull();
    expect(drawerText()).toContain('Iniciar sesión');
  });

  it('a Google session only has Cerrar sesión, with the search box and the cart', async () => {
    await renderNavbar(user({ login: 'google' }));
    expect(openMenu('Ana')).toEqual(['Cerrar sesión']);
    expect(screen.getByRole('searchbox', { name: 'Buscar productos' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Carrito, 0 productos' }).getAttribute('href')).toBe('/carrito');
    expect(drawerText()).toContain('Hola, Ana');
  });

  it('a database user has profile, purchase history and logout, and the cart count', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 1, cantidad: 2 },
        { id: 2, cantidad: 1 },
      ]),
    );
    localStorage.setItem('cart count', '3');
    await renderNavbar(user());
    expect(openMenu('Ana')).toEqual(['Ver mi perfil', 'Historial de compras', 'Cerrar sesión']);
    const nav = accountNav();
    expect(within(nav).getByRole('link', { name: 'Ver mi perfil' }).getAttribute('href')).toBe('/account');
    expect(within(nav).getByRole('link', { name: 'Historial de compras' }).getAttribute('href')).toBe(
      '/historial-de-compra',
    );
    expect(screen.getByRole('link', { name: 'Carrito, 3 productos' })).toBeTruthy();
    expect(drawerText()).toContain('Hola, Ana');
    expect(drawerText()).toContain('Ver mi perfil');
  });

  it('an admin has Administración: Inicio, Historial de ventas, Cerrar sesión; no search box, no cart', async () => {
    await renderNavbar(user({ admin: true, primer_nombre: 'Admin' }));
    expect(openMenu('Admin')).toEqual(['Inicio', 'Historial de ventas', 'Cerrar sesión']);
    expect(within(accountNav()).getByText('Administración')).toBeTruthy();
    expect(within(accountNav()).getByRole('link', { name: 'Inicio' }).getAttribute('href')).toBe(
      '/adminHome',
    );
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Carrito/ })).toBeNull();
    expect(drawerText()).toContain('Administración');
  });

  it('the menu closes with Escape and gives the focus back to its button', async () => {
    await renderNavbar(user());
    const button = within(accountNav()).getByRole('button', { name: 'Ana' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(within(accountNav()).getByRole('link', { name: 'Ver mi perfil' }), { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('logging out ends the session, forgets the cart and says so', async () => {
    localStorage.setItem('cart', '[{"id":1,"quantity":2}]');
    localStorage.setItem('cart count', '2');
    const router = await renderNavbar(user());
    expect(localStorage.getItem('estaLogueado')).toBe('database');
    openMenu('Ana');
    me = null;
    await act(async () =>
      fireEvent.click(within(accountNav()).getByRole('button', { name: 'Cerrar sesión' })),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/usuario/logout')).toBe(true);
    expect(router.state.location.pathname).toBe('/');
    for (const key of ['cart', 'cart count', 'estaLogueado']) expect(localStorage.getItem(key)).toBeNull();
    expect(within(accountNav()).getByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
  });
});
