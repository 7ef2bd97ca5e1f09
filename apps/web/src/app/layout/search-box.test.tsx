// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type Suggestions, suggestionsSchema } from '@vitrina/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createFetchStub } from '../../testing/fetch-stub';
import { fixture } from '../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../testing/render-app';
import { AppProvider } from '../provider';
import { SearchBox } from './search-box';

const api = createFetchStub();
setUpAppTests(api);

const suggestions = (overrides: Partial<Suggestions> = {}): Suggestions =>
  fixture(suggestionsSchema, {
    productos: [
      {
        id_producto: 7,
        nombre: 'Licuadora de vaso de vidrio',
        imagen: '/p/7.webp',
        valor: 100,
        valor_descuento: 80,
      },
      {
        id_producto: 9,
        nombre: 'Licuadora portátil',
        imagen: '/p/9.webp',
        valor: 45.5,
        valor_descuento: null,
      },
    ],
    categorias: [{ id_categoria_producto: 4, nombre_categoria_producto: 'Electrodomésticos' }],
    ...overrides,
  });

function renderBox() {
  api.on('GET /api/products/sugerencias', () => Response.json(suggestions()));
  const router = renderApp([{ path: '*', element: <SearchBox urlValue="" /> }], {
    path: '/about',
    toaster: false,
  });
  return { router, input: screen.getByRole('combobox', { name: 'Buscar productos' }) };
}

async function type(input: HTMLElement, value: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
}

const options = () => screen.getAllByRole('option');

describe('search suggestions', () => {
  it('from the second letter lists the products with their price and the categories, and says how many', async () => {
    const { input } = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'l' } });
    expect(input.getAttribute('aria-expanded')).toBe('false');

    await type(input, 'licu');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Sugerencias' });
    expect(input.getAttribute('aria-controls')).toBe(list.id);
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    const products = within(screen.getByRole('group', { name: 'Productos' })).getAllByRole('option');
    expect(products.map((o) => o.textContent)).toEqual([
      'Licuadora de vaso de vidrioPrecio con descuento: $80.00Precio normal: $100.00',
      'Licuadora portátil$45.50',
    ]);
    expect(within(screen.getByRole('group', { name: 'Categorías' })).getByRole('option').textContent).toBe(
      'Electrodomésticos',
    );
    expect(screen.getByRole('status').textContent).toBe('3 sugerencias; usa las flechas para recorrerlas');
    // Only the last words were asked for: the single letter never reached the API.
    expect(api.calls('/api/products/sugerencias').map((c) => c.url.searchParams.get('q'))).toEqual(['licu']);
  });

  it('cancels the request of older words and shows only the answer to the last ones', async () => {
    const { input } = renderBox();
    const signals: AbortSignal[] = [];
    api.on('GET /api/products/sugerencias', (url, init) => {
      if (url.searchParams.get('q') === 'taladro') return Response.json(suggestions());
      // The older words' answer never comes: it is waited for until cancelled.
      if (init?.signal) signals.push(init.signal);
      return new Promise<Response>(() => {});
    });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'lic' } });
    await waitFor(() => expect(signals).toHaveLength(1));
    fireEvent.change(input, { target: { value: 'taladro' } });
    expect(signals[0]?.aborted).toBe(true);
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    expect(api.calls('/api/products/sugerencias').map((c) => c.url.searchParams.get('q'))).toEqual([
      'lic',
      'taladro',
    ]);
  });

  it('arrows move the active option (aria-activedescendant and aria-selected), wrapping at both ends', async () => {
    const { input } = renderBox();
    await type(input, 'licu');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[2]?.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]?.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[2]?.id);
    expect(options().filter((o) => o.getAttribute('aria-selected') === 'true')).toHaveLength(1);
  });

  it('Enter on an active product opens the product', async () => {
    const { router, input } = renderBox();
    await type(input, 'licu');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(router.location.pathname).toBe('/products/9');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter on a category opens it keeping the words', async () => {
    const { router, input } = renderBox();
    await type(input, 'licu');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(router.location.pathname).toBe('/products/categoria/4');
    expect(router.location.search).toBe('?name=licu');
  });

  it('Enter with no active option still goes to the results list', async () => {
    const { router, input } = renderBox();
    await type(input, 'licuadora roja');
    await act(async () => fireEvent.submit(screen.getByRole('search')));
    expect(router.location.pathname).toBe('/products/todos');
    expect(router.location.search).toBe('?name=licuadora+roja');
  });

  it('Escape closes the list and keeps the words; a click on an option opens it', async () => {
    const { router, input } = renderBox();
    await type(input, 'licu');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('licu');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await act(async () => fireEvent.click(options()[0] as HTMLElement));
    expect(router.location.pathname).toBe('/products/7');
  });

  it('nothing suggested: the list stays closed and the live region says so', async () => {
    const { input } = renderBox();
    api.on('GET /api/products/sugerencias', () =>
      Response.json(suggestions({ productos: [], categorias: [] })),
    );
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zzqq' } });
    expect(await screen.findByText('No hay sugerencias')).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});

describe('the words in the box', () => {
  const box = (urlValue: string) => (
    <AppProvider>
      <MemoryRouter>
        <SearchBox urlValue={urlValue} />
      </MemoryRouter>
    </AppProvider>
  );

  it("are the address's, but a page that arrives while the shopper types leaves their words alone", async () => {
    api.on('GET /api/products/sugerencias', () => Response.json(suggestions()));
    const { rerender } = render(box('licuadra'));
    const input = screen.getByRole('combobox', { name: 'Buscar productos' }) as HTMLInputElement;
    expect(input.value).toBe('licuadra');

    await type(input, 'jardineria');
    // The previous search's page, still loading when the shopper started typing, arrives.
    rerender(box('licuadora'));
    expect(input.value).toBe('jardineria');

    // Once they leave the box, the next page shows its own words again.
    fireEvent.blur(input);
    rerender(box('mesa'));
    expect(input.value).toBe('mesa');
    rerender(box(''));
    expect(input.value).toBe('');
  });
});
