// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { SessionUser } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { answerSession, createFetchStub } from '../../testing/fetch-stub';
import { sessionUser } from '../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../testing/render-app';
import { Navbar } from './navbar';

const api = createFetchStub({
  routes: { 'POST /api/usuario/logout': () => new Response(null, { status: 204 }) },
  otherwise: () => new Response(null, { status: 404 }),
});
setUpAppTests(api);

async function renderNavbar(session: SessionUser | null) {
  api.on('GET /api/usuario/me', answerSession(session));
  const router = renderApp([{ path: '*', element: <Navbar /> }], { path: '/about', toaster: false });
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
/** The drawer's text once opened (its code downloads on the first tap on the menu button). */
async function drawerText(): Promise<string> {
  fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
  const nav = await screen.findByRole('navigation', { name: 'Menú principal', hidden: true });
  return nav.textContent ?? '';
}

describe('Navbar by role', () => {
  it('a visitor sees Iniciar sesión and Registrarse, the search box and no cart', async () => {
    await renderNavbar(null);
    const nav = accountNav();
    expect(within(nav).getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(within(nav).getByRole('link', { name: 'Registrarse' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('combobox', { name: 'Buscar productos' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Carrito/ })).toBeNull();
    expect(await drawerText()).toContain('Iniciar sesión');
  });

  it('a Google session only has Cerrar sesión, with the search box and the cart', async () => {
    await renderNavbar(sessionUser({ login: 'google' }));
    expect(openMenu('Ana')).toEqual(['Cerrar sesión']);
    expect(screen.getByRole('combobox', { name: 'Buscar productos' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Carrito, 0 productos' }).getAttribute('href')).toBe('/carrito');
    expect(await drawerText()).toContain('Hola, Ana');
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
    await renderNavbar(sessionUser());
    expect(openMenu('Ana')).toEqual(['Ver mi perfil', 'Historial de compras', 'Cerrar sesión']);
    const nav = accountNav();
    expect(within(nav).getByRole('link', { name: 'Ver mi perfil' }).getAttribute('href')).toBe('/account');
    expect(within(nav).getByRole('link', { name: 'Historial de compras' }).getAttribute('href')).toBe(
      '/historial-de-compra',
    );
    expect(screen.getByRole('link', { name: 'Carrito, 3 productos' })).toBeTruthy();
    const drawer = await drawerText();
    expect(drawer).toContain('Hola, Ana');
    expect(drawer).toContain('Ver mi perfil');
  });

  it('an admin has Administración: Inicio, Historial de ventas, Cerrar sesión; no search box, no cart', async () => {
    await renderNavbar(sessionUser({ admin: true, primer_nombre: 'Admin' }));
    expect(openMenu('Admin')).toEqual(['Inicio', 'Historial de ventas', 'Cerrar sesión']);
    expect(within(accountNav()).getByText('Administración')).toBeTruthy();
    expect(within(accountNav()).getByRole('link', { name: 'Inicio' }).getAttribute('href')).toBe(
      '/adminHome',
    );
    expect(screen.queryByRole('combobox', { name: 'Buscar productos' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Carrito/ })).toBeNull();
    expect(await drawerText()).toContain('Administración');
  });

  it('the menu closes with Escape and gives the focus back to its button', async () => {
    await renderNavbar(sessionUser());
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
    const router = await renderNavbar(sessionUser());
    expect(localStorage.getItem('estaLogueado')).toBe('database');
    openMenu('Ana');
    api.on('GET /api/usuario/me', answerSession(null));
    await act(async () =>
      fireEvent.click(within(accountNav()).getByRole('button', { name: 'Cerrar sesión' })),
    );
    expect(api.calls('/api/usuario/logout').length).toBeGreaterThan(0);
    expect(router.location.pathname).toBe('/');
    for (const key of ['cart', 'cart count', 'estaLogueado']) expect(localStorage.getItem(key)).toBeNull();
    expect(within(accountNav()).getByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
  });
});
