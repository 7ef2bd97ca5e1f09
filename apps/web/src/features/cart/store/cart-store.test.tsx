// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { Product } from '@vitrina/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAccountData } from '../../../lib/account-storage';
import { getNotificationState } from '../../../lib/notifications';
import { product as productFixture } from '../../../testing/fixtures';
import { CartLink } from '../components/cart-link';
import { addProductToCart, getCartLines, removeCartLine, setCartQuantity } from './cart-store';

const product = (overrides: Partial<Product> = {}) =>
  productFixture(overrides.id_producto ?? 1, {
    nombre: 'Camiseta',
    stock: 100,
    valor: 19.9,
    valor_descuento: 15.9,
    imagen: '/uploads/camiseta.webp',
    ...overrides,
  });

const lastToast = () => getNotificationState().toasts.at(-1);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderLink() {
  render(
    <MemoryRouter>
      <CartLink />
    </MemoryRouter>,
  );
}

describe('cart store', () => {
  it('keeps the lines and their count in local storage and reads them back after a reload', async () => {
    expect(addProductToCart(product(), 2)).toBe(true);
    expect(
      addProductToCart(product({ id_producto: 2, nombre: 'Taza', valor: 8, valor_descuento: null }), 1),
    ).toBe(true);
    const stored = [
      { id: 1, cantidad: 2, precio: 1590, nombre: 'Camiseta', imagen: '/uploads/camiseta.webp' },
      { id: 2, cantidad: 1, precio: 800, nombre: 'Taza', imagen: '/uploads/camiseta.webp' },
    ];
    expect(JSON.parse(localStorage.getItem('cart') ?? '')).toEqual(stored);
    expect(localStorage.getItem('cart count')).toBe('3');

    vi.resetModules();
    const reloaded = await import('./cart-store');
    expect(reloaded.getCartLines()).toEqual(stored);
  });

  it('adds to the quantity a product already has, and removes a line', () => {
    addProductToCart(product(), 2);
    addProductToCart(product(), 3);
    expect(getCartLines()).toMatchObject([{ id: 1, cantidad: 5 }]);
    removeCartLine({ id: 1 });
    expect(getCartLines()).toEqual([]);
    expect(localStorage.getItem('cart count')).toBe('0');
  });

  it('ignores what is not a valid line in storage', () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([{ id: 1, cantidad: 2 }, { id: 'x' }, { id: 3, cantidad: 0 }, 7]),
    );
    expect(getCartLines()).toEqual([{ id: 1, cantidad: 2 }]);
    localStorage.setItem('cart', '{not json');
    expect(getCartLines()).toEqual([]);
  });

  it('refuses a 26th unit of one product with "Máximo 25 unidades de {product} por compra"', () => {
    expect(addProductToCart(product(), 25)).toBe(true);
    expect(addProductToCart(product(), 1)).toBe(false);
    expect(lastToast()).toMatchObject({
      title: 'Máximo 25 unidades de Camiseta por compra',
      text: 'Solo 25 unidades por compra',
      icon: 'warning',
    });
    expect(getCartLines()).toMatchObject([{ id: 1, cantidad: 25 }]);
  });

  it('refuses more units than the stock with "Máximas unidades disponibles de {product} alcanzadas"', () => {
    expect(addProductToCart(product({ stock: 3 }), 3)).toBe(true);
    expect(setCartQuantity({ id_producto: 1, nombre: 'Camiseta', stock: 3 }, 4)).toBe(false);
    expect(lastToast()?.title).toBe('Máximas unidades disponibles de Camiseta alcanzadas');
    expect(getCartLines()).toMatchObject([{ id: 1, cantidad: 3 }]);
  });

  it('refuses the 51st item ("Carrito lleno") and an addition past 50 ("Carrito a punto de llenarse")', () => {
    addProductToCart(product(), 25);
    addProductToCart(product({ id_producto: 2, nombre: 'Taza' }), 20);
    expect(addProductToCart(product({ id_producto: 3, nombre: 'Gorra' }), 6)).toBe(false);
    expect(lastToast()).toMatchObject({
      title: 'Carrito a punto de llenarse',
      text: 'Solo puedes llevar 50 productos por compra',
    });
    addProductToCart(product({ id_producto: 3, nombre: 'Gorra' }), 5);
    expect(addProductToCart(product({ id_producto: 4, nombre: 'Bolsa' }), 1)).toBe(false);
    expect(lastToast()).toMatchObject({
      title: 'Carrito lleno',
      text: 'No puedes agregar más de 50 productos',
    });
    expect(localStorage.getItem('cart count')).toBe('50');
  });
});

describe('cart store with variants', () => {
  /** Variant `id_variante` of shirt 7 as the product page adds it. */
  const shirt = (id_variante: number, etiqueta: string, stock = 30) => ({
    id_producto: 7,
    nombre: 'Camiseta',
    stock,
    id_variante,
    etiqueta,
    valor: 150,
    valor_descuento: null,
    imagen: `/uploads/productos/${id_variante}.webp`,
  });

  it('keeps one line per variant, with its label and photo, and reads it back after a reload', async () => {
    addProductToCart(shirt(4, 'Talla M · Azul'), 2);
    addProductToCart(shirt(5, 'Talla L · Azul'), 1);
    addProductToCart(shirt(4, 'Talla M · Azul'), 1);
    const stored = [
      {
        id: 7,
        variante: 4,
        cantidad: 3,
        precio: 15000,
        nombre: 'Camiseta',
        imagen: '/uploads/productos/4.webp',
        etiqueta: 'Talla M · Azul',
      },
      {
        id: 7,
        variante: 5,
        cantidad: 1,
        precio: 15000,
        nombre: 'Camiseta',
        imagen: '/uploads/productos/5.webp',
        etiqueta: 'Talla L · Azul',
      },
    ];
    expect(JSON.parse(localStorage.getItem('cart') ?? '')).toEqual(stored);
    vi.resetModules();
    expect((await import('./cart-store')).getCartLines()).toEqual(stored);
    removeCartLine({ id: 7, variante: 4 });
    expect(getCartLines()).toMatchObject([{ id: 7, variante: 5, cantidad: 1 }]);
  });

  it('counts all the variants of a product against its 25 units, and each against its own stock', () => {
    expect(addProductToCart(shirt(4, 'Talla M · Azul'), 20)).toBe(true);
    expect(addProductToCart(shirt(5, 'Talla L · Azul'), 6)).toBe(false);
    expect(lastToast()?.title).toBe('Máximo 25 unidades de Camiseta por compra');
    expect(addProductToCart(shirt(5, 'Talla L · Azul', 2), 3)).toBe(false);
    expect(lastToast()?.title).toBe('Máximas unidades disponibles de Camiseta (Talla L · Azul) alcanzadas');
    expect(addProductToCart(shirt(5, 'Talla L · Azul', 2), 2)).toBe(true);
    expect(localStorage.getItem('cart count')).toBe('22');
  });

  it('reads a cart stored before variants (no variant) as lines of products without options', () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 1, cantidad: 2 },
        { id: 7, variante: 4, cantidad: 1 },
        { id: 7, variante: 4, cantidad: 3 },
        { id: 7, variante: 'x', cantidad: 1 },
      ]),
    );
    expect(getCartLines()).toEqual([
      { id: 1, cantidad: 2 },
      { id: 7, variante: 4, cantidad: 1 },
    ]);
    expect(addProductToCart(product(), 1)).toBe(true);
    expect(getCartLines()).toMatchObject([
      { id: 1, cantidad: 3 },
      { id: 7, variante: 4 },
    ]);
  });
});

describe('CartLink', () => {
  it('shows the count, follows another tab (storage event) and empties on this tab’s logout', () => {
    addProductToCart(product(), 2);
    renderLink();
    expect(screen.getByRole('link', { name: 'Carrito, 2 productos' }).getAttribute('href')).toBe('/carrito');

    act(() => {
      localStorage.setItem('cart', JSON.stringify([{ id: 1, cantidad: 4 }]));
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', storageArea: localStorage }));
    });
    expect(screen.getByRole('link', { name: 'Carrito, 4 productos' })).toBeTruthy();

    act(() => forgetAccountData());
    expect(screen.getByRole('link', { name: 'Carrito, 0 productos' })).toBeTruthy();
  });

  it('looks full at 50 and tells screen readers "Carrito lleno"', () => {
    addProductToCart(product(), 25);
    addProductToCart(product({ id_producto: 2 }), 25);
    renderLink();
    const link = screen.getByRole('link', { name: 'Carrito, 50 productos' });
    const hint = document.getElementById(link.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Carrito lleno');
    expect(link.querySelector('[data-full]')).not.toBeNull();
  });
});
