// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { product, productPage } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { ProductsPage } from './products-page';

const api = createApiDouble();

/** 45 enabled products (3 pages of 20) and 1 inactive; `name` narrows them. */
function answer(url: URL): Response {
  const estado = url.searchParams.get('estado') === 'true';
  const page = Number(url.searchParams.get('page'));
  const name = url.searchParams.get('name') ?? '';
  const all = estado
    ? Array.from({ length: 45 }, (_, i) => product(i + 1, { stock: i === 0 ? 0 : 5 }))
    : [product(99, { nombre: 'Lámpara retirada', estado: false })];
  const found = all.filter((p) => p.nombre.toLowerCase().includes(name.toLowerCase()));
  return Response.json(
    productPage(found.slice((page - 1) * 20, page * 20), { total: found.length, page, pageSize: 20 }),
  );
}

setUpAppTests(api);
beforeEach(() => {
  window.scrollTo = () => {};
  api.on('GET /api/products/admin', answer);
});

const lastQuery = () =>
  Object.fromEntries(api.calls('GET /api/products/admin').at(-1)?.url.searchParams ?? []);

describe('ProductsPage', () => {
  it('shows the enabled tab first: Nombre, a 37-character description, Stock and Editar', async () => {
    renderAdmin(<ProductsPage />, { path: '/products/admin' });
    const table = await screen.findByRole('table', { name: 'Productos habilitados: 45' });
    expect(lastQuery()).toEqual({ estado: 'true', page: '1', pageSize: '20' });
    expect(screen.getByRole('tab', { name: 'Productos habilitados' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nombre', 'Descripción', 'Stock', 'Acciones']);
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByRole('rowheader').textContent).toBe('Producto 1');
    expect(within(first).getByText('Descripción larga del producto número…')).toBeTruthy();
    expect(within(first).getByText('Agotado')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/product/1');
    expect(within(table).getAllByRole('row')).toHaveLength(21);
  });

  it('pages 20 at a time with the page in the URL, and the tabs switch to the inactive products', async () => {
    const router = renderAdmin(<ProductsPage />, { path: '/products/admin' });
    await screen.findByRole('table', { name: /habilitados/ });
    const pager = screen.getByRole('navigation', { name: 'Páginas de productos' });
    expect(within(pager).getAllByRole('button', { name: /^Página \d/ })).toHaveLength(3);

    await act(async () => fireEvent.click(within(pager).getByRole('button', { name: 'Página 3' })));
    expect(router.location.search).toBe('?page=3');
    expect(lastQuery()).toMatchObject({ page: '3' });
    expect(await screen.findByRole('rowheader', { name: 'Producto 41' })).toBeTruthy();

    const inactive = screen.getByRole('tab', { name: 'Productos inactivos' });
    await act(async () => fireEvent.click(inactive));
    expect(router.location.search).toBe('?tab=inactivos');
    expect(lastQuery()).toEqual({ estado: 'false', page: '1', pageSize: '20' });
    expect(await screen.findByRole('rowheader', { name: 'Lámpara retirada' })).toBeTruthy();
    expect(inactive.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(inactive.id);
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Páginas de productos' })).toBeNull();

    // The arrow keys move between the tabs.
    await act(async () => fireEvent.keyDown(inactive, { key: 'ArrowLeft' }));
    expect(router.location.search).toBe('');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Productos habilitados' }));
  });

  it('searches by name from the Buscar producto box, back on page 1', async () => {
    const router = renderAdmin(<ProductsPage />, { path: '/products/admin?page=2' });
    await screen.findByRole('table', { name: /habilitados/ });
    fireEvent.change(screen.getByLabelText('Buscar producto'), { target: { value: 'Producto 4' } });
    await act(async () => fireEvent.submit(screen.getByRole('search')));
    expect(router.location.search).toBe('?name=Producto+4');
    expect(lastQuery()).toEqual({ name: 'Producto 4', estado: 'true', page: '1', pageSize: '20' });
    expect(
      await screen.findByRole('table', { name: 'Productos habilitados que coinciden con «Producto 4»: 7' }),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Buscar producto'), { target: { value: 'nada' } });
    await act(async () => fireEvent.submit(screen.getByRole('search')));
    expect(await screen.findByText('No hay coincidencias')).toBeTruthy();
  });

  it("shows a product's total stock and names its variants running low", async () => {
    const opciones = [
      { nombre: 'Talla', valores: ['S', 'M'] },
      { nombre: 'Color', valores: ['Azul'] },
    ];
    const variant = (id: number, valores: string[], stock: number, estado = true) => ({
      id_variante: id,
      sku: `CAM-${id}`,
      valores,
      valor: 100,
      valor_descuento: null,
      stock,
      stock_minimo: null,
      imagen: '',
      estado,
    });
    const shirt = product(7, {
      nombre: 'Camiseta',
      stock: 14,
      opciones,
      variantes: [
        variant(1, ['S', 'Azul'], 12),
        variant(2, ['M', 'Azul'], 2),
        variant(3, ['S', 'Azul'], 0, false),
      ],
    });
    api.on('GET /api/products/admin', () => Response.json(productPage([shirt, product(8, { stock: 3 })])));
    renderAdmin(<ProductsPage />, { path: '/products/admin' });
    const table = await screen.findByRole('table', { name: /habilitados/ });
    const [, shirtRow, plainRow] = within(table).getAllByRole('row') as HTMLElement[];
    const stock = (row: HTMLElement | undefined) => row?.querySelector('[data-label="Stock"]')?.textContent;
    // The inactive variant's units are not the shop's: the total is the active ones'.
    expect(stock(shirtRow)).toBe('14Stock bajo: Talla M · Azul (2)');
    expect(stock(plainRow)).toBe('3');
  });
});
