// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { facetsSchema, noResultsSchema } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../app/router';
import { answerSession, createFetchStub } from '../../../testing/fetch-stub';
import { category, fixture, product, productPage } from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
// Loaded up front, so the route's lazy import is ready when the router asks for it.
import './listing-page';

const api = createFetchStub({
  routes: {
    'GET /api/usuario/me': answerSession(null),
    'GET /api/categorias': () => Response.json([category(1), category(2), category(3)]),
    'GET /api/products/categoria/1': () => Response.json(productPage([product(1), product(2)])),
    'GET /api/products': (url) => {
      const name = url.searchParams.get('name');
      if (name === 'premium') return Response.json(productPage([product(1)], { total: 1000, hay_mas: true }));
      return Response.json(productPage(name === 'camseta' ? [] : [product(1)]));
    },
    'GET /api/products/facetas': () =>
      Response.json(
        fixture(facetsSchema, {
          categorias: [
            { id_categoria_producto: 1, nombre_categoria_producto: 'Indumentaria', cantidad: 5 },
            { id_categoria_producto: 3, nombre_categoria_producto: 'Informatica', cantidad: 1 },
          ],
          precios: [
            { desde: 0, hasta: 25, cantidad: 4 },
            { desde: 25, hasta: 50, cantidad: 3 },
            { desde: 500, hasta: null, cantidad: 1 },
          ],
        }),
      ),
    'GET /api/products/sin-resultados': () =>
      Response.json(
        fixture(noResultsSchema, {
          correccion: 'camiseta',
          agotados: ['Camiseta de lino'],
          productos: [product(5, { nombre: 'Taladro percutor' }), product(6, { nombre: 'Licuadora' })],
        }),
      ),
  },
});
setUpAppTests(api);

const filters = () => screen.getByRole('region', { name: 'Filtros' });
const link = (name: string) => within(filters()).getByRole('link', { name });

describe('listing facets', () => {
  it('counts the products per category and per price band for the search, links keeping it, and marks the band in use', async () => {
    renderApp(routes, { path: '/products/categoria/1?name=camisa&minPrecio=25&maxPrecio=49.99' });
    await screen.findByText('Resultados para "camisa"');
    await within(filters()).findByRole('link', { name: 'Indumentaria 5 productos' });

    expect(link('Indumentaria 5 productos').getAttribute('href')).toBe(
      '/products/categoria/1?name=camisa&minPrecio=25&maxPrecio=49.99',
    );
    expect(link('Informatica 1 producto').getAttribute('href')).toBe(
      '/products/categoria/3?name=camisa&minPrecio=25&maxPrecio=49.99',
    );
    expect(link('Electrodomesticos 0 productos')).toBeTruthy();

    const bands = within(filters()).getByRole('list', { name: 'Rangos de precio' });
    expect(
      within(bands)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]),
    ).toEqual([
      ['Menos de $25 4 productos', '/products/categoria/1?name=camisa&maxPrecio=24.99', null],
      ['$25 a $50 3 productos', '/products/categoria/1?name=camisa&minPrecio=25&maxPrecio=49.99', 'true'],
      ['$500 o más 1 producto', '/products/categoria/1?name=camisa&minPrecio=500', null],
    ]);

    // Asked with the search and the filters, not the page nor the order.
    const asked = api.calls('/api/products/facetas')[0]?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({
      name: 'camisa',
      categoria: '1',
      minPrecio: '25',
      maxPrecio: '49.99',
    });
  });
});

describe('a search with no results', () => {
  it("keeps 'No hay coincidencias', offers the correction that finds products and shows best sellers", async () => {
    renderApp(routes, { path: '/products/todos?name=camseta' });
    expect(await screen.findByText('No hay coincidencias')).toBeTruthy();
    const correction = await screen.findByRole('link', { name: 'camiseta' });
    expect(correction.getAttribute('href')).toBe('/products/todos?name=camiseta');
    expect(correction.parentElement?.textContent).toBe('¿Quisiste decir camiseta?');
    // What the search finds but is sold out is named, never listed.
    expect(screen.getByText('El producto «Camiseta de lino» está agotado por ahora.')).toBeTruthy();

    const bestSellers = screen.getByRole('region', { name: 'Lo más vendido' });
    expect(
      within(bestSellers)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Taladro percutor', 'Licuadora']);
    expect(api.calls('/api/products/sin-resultados')[0]?.url.searchParams.get('name')).toBe('camseta');
  });

  it('a listing with products asks for no correction', async () => {
    renderApp(routes, { path: '/products/todos?name=camisa' });
    await screen.findByText('1 producto');
    expect(screen.queryByText('No hay coincidencias')).toBeNull();
    expect(api.calls('/api/products/sin-resultados')).toHaveLength(0);
  });

  it('says there are more than a thousand products when a search found more than it lists', async () => {
    renderApp(routes, { path: '/products/todos?name=premium' });
    expect(await screen.findByText('Más de 1000 productos')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: /paginación/i })).toBeTruthy();
  });
});
