// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Product, productRatingsSchema } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerSession, createFetchStub } from '../../../testing/fetch-stub';
import { fixture, product, sessionUser, tienda } from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { getCartLines } from '../../cart';
import { ProductPage } from './product-page';

const BLUE = '/uploads/productos/azul.webp';
const variant = (id: number, valores: string[], more: Partial<Product['variantes'][0]> = {}) => ({
  id_variante: id,
  sku: `CAM-${valores.join('-').toUpperCase()}`,
  valores,
  valor: 120,
  valor_descuento: null,
  stock: 5,
  stock_minimo: null,
  imagen: '',
  estado: true,
  ...more,
});

/** A shirt in S and M, red and blue: S blue sold out, M red inactive, the blue ones dearer with their photo. */
const shirt = product(7, {
  nombre: 'Camiseta',
  valor: 120,
  valor_descuento: 100,
  stock: 11,
  precio_varia: true,
  opciones: [
    { nombre: 'Talla', valores: ['S', 'M'] },
    { nombre: 'Color', valores: ['Rojo', 'Azul'] },
  ],
  variantes: [
    variant(1, ['S', 'Rojo'], { valor_descuento: 100 }),
    variant(2, ['S', 'Azul'], { valor: 150, stock: 0, imagen: BLUE }),
    variant(3, ['M', 'Rojo'], { estado: false }),
    variant(4, ['M', 'Azul'], { valor: 150, stock: 6, imagen: BLUE }),
  ],
});

const api = createFetchStub({
  routes: {
    'GET /api/usuario/me': answerSession(sessionUser()),
    'GET /api/products/7': () => Response.json(shirt),
    'GET /api/products/7/calificaciones': () =>
      Response.json(fixture(productRatingsSchema, { items: [], promedio: null, total: 0 })),
    'GET /api/ajustes/tienda': () => Response.json(tienda()),
  },
});
setUpAppTests(api);

beforeEach(() => window.history.replaceState(null, '', '/products/7'));

const renderAt = (path: string) => renderApp([{ path: '/products/:id', element: <ProductPage /> }], { path });
const group = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) });
const radio = (option: string, value: string) => within(group(option)).getByRole('radio', { name: value });
const choose = (option: string, value: string) => act(async () => fireEvent.click(radio(option, value)));
const firstPhoto = () => screen.getAllByRole('button', { name: /^Ampliar foto/ })[0]?.querySelector('img');

describe('a product with options on its page', () => {
  it('offers a radio group per option, swatches for colour, and shows unavailable values with why, not hidden', async () => {
    renderAt('/products/7');
    await screen.findByRole('heading', { level: 1, name: 'Camiseta' });
    expect(screen.getByText('Desde $100.00')).toBeTruthy();
    expect(group('Talla').textContent).toContain('Talla: sin elegir');
    await choose('Talla', 'S');
    // S in blue is sold out: still shown, and says so.
    expect(radio('Color', 'Azul (Agotado)')).toBeTruthy();
    expect(radio('Color', 'Rojo')).toBeTruthy();
    // Colour values are swatches of their colour; sizes are buttons with their text.
    const swatch = within(group('Color')).getAllByText('Rojo')[0]?.previousElementSibling as HTMLElement;
    expect(swatch.style.background).toBe('rgb(211, 47, 47)');
    await choose('Color', 'Rojo');
    // With red chosen, M is not sold.
    expect(radio('Talla', 'M (No disponible)')).toBeTruthy();
    expect(radio('Talla', 'S')).toHaveProperty('checked', true);
  });

  it('follows the chosen variant: price and badge, stock, photo, and the address', async () => {
    renderAt('/products/7');
    await screen.findByRole('heading', { level: 1, name: 'Camiseta' });
    await choose('Talla', 'S');
    await choose('Color', 'Rojo');
    expect(screen.getByText(/^\d+% de descuento$/)).toBeTruthy();
    expect(screen.getByText('SKU CAM-S-ROJO')).toBeTruthy();
    expect(window.location.search).toBe('?variante=1');
    await choose('Talla', 'M (No disponible)');
    // M · Rojo is inactive: the page says nothing can be bought of it.
    expect(screen.getByText('No hay Existencias')).toBeTruthy();
    expect(window.location.search).toBe('?variante=3');
    await choose('Color', 'Azul');
    expect(window.location.pathname + window.location.search).toBe('/products/7?variante=4');
    expect(screen.getByText('$150.00')).toBeTruthy();
    expect(screen.queryByText(/^\d+% de descuento$/)).toBeNull();
    expect(screen.getByText('Disponible')).toBeTruthy();
    expect(firstPhoto()?.getAttribute('src')).toBe(BLUE);
  });

  it('opens on the variant the address names, and ignores one that is not the product’s', async () => {
    renderAt('/products/7?variante=4');
    await screen.findByRole('heading', { level: 1, name: 'Camiseta' });
    expect(radio('Talla', 'M')).toHaveProperty('checked', true);
    expect(radio('Color', 'Azul')).toHaveProperty('checked', true);
    expect(firstPhoto()?.getAttribute('src')).toBe(BLUE);
  });

  it('adds only a full choice to the cart, as that variant', async () => {
    renderAt('/products/7?variante=999');
    await screen.findByRole('heading', { level: 1, name: 'Camiseta' });
    expect(radio('Talla', 'S')).toHaveProperty('checked', false);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Agregar al carrito' })).toHaveProperty('disabled', false),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Agregar al carrito' })));
    expect(screen.getByText('Elige una variante del producto').getAttribute('role')).toBe('alert');
    expect(getCartLines()).toEqual([]);
    // The first option still to choose takes the focus.
    expect(document.activeElement).toBe(radio('Talla', 'S'));

    await choose('Talla', 'M');
    await choose('Color', 'Azul');
    expect(screen.queryByText('Elige una variante del producto')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Agregar al carrito' })));
    expect(getCartLines()).toEqual([
      {
        id: 7,
        variante: 4,
        cantidad: 1,
        precio: 15000,
        nombre: 'Camiseta',
        imagen: BLUE,
        etiqueta: 'Talla M · Azul',
      },
    ]);
  });
});
