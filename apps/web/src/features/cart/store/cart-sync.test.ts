// @vitest-environment jsdom

import { waitFor } from '@testing-library/react';
import { mergeCarts, type SavedCart, type SavedCartLine } from '@vitrina/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAccountData } from '../../../lib/account-storage';
import { createFetchStub } from '../../../testing/fetch-stub';
import { product } from '../../../testing/fixtures';
import { addProductToCart, getCartLines, removeCartLine } from './cart-store';
import { startCartSync } from './cart-sync';

/** The server's copy as the API keeps it: a version that changes with every change of its lines. */
function fakeServer(lines: SavedCartLine[] = []) {
  let cart: SavedCart = { lineas: lines, actualizado: lines.length ? 'v0' : null };
  let version = 0;
  const keep = (next: SavedCartLine[]) => {
    if (JSON.stringify(next) !== JSON.stringify(cart.lineas))
      cart = { lineas: next, actualizado: `v${++version}` };
    return Response.json(cart);
  };
  const body = (init?: RequestInit) => JSON.parse(String(init?.body)).lineas as SavedCartLine[];
  const stub = createFetchStub({
    routes: {
      'GET /api/carrito': () => Response.json(cart),
      'PUT /api/carrito': (_url, init) => keep(body(init)),
      'POST /api/carrito/fusionar': (_url, init) =>
        keep(mergeCarts({ first: body(init), second: cart.lineas, stockOf: () => 100 })),
    },
  });
  return {
    stub,
    get lines() {
      return cart.lineas;
    },
    /** Another device saves its cart. */
    savedElsewhere(next: SavedCartLine[]) {
      keep(next);
    },
  };
}

const line = (id_producto: number, cantidad: number): SavedCartLine => ({
  id_producto,
  id_variante: null,
  cantidad,
});
const local = () => getCartLines().map(({ id, cantidad }) => [id, cantidad]);
const add = (id: number, quantity: number) => addProductToCart(product(id, { stock: 100 }), quantity);

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  forgetAccountData();
  vi.unstubAllGlobals();
});

describe('cart sync', () => {
  it('on sign-in merges this browser’s cart with the saved one, keeping every product', async () => {
    const server = fakeServer([line(2, 3), line(1, 1)]);
    vi.stubGlobal('fetch', server.stub.fetchMock);
    add(1, 2);
    stop = startCartSync(7, 10);
    await waitFor(() =>
      expect(local()).toEqual([
        [1, 2],
        [2, 3],
      ]),
    );
    expect(server.lines).toEqual([line(1, 2), line(2, 3)]);
    expect(server.stub.calls('PUT /api/carrito')).toHaveLength(0);
  });

  it('carries each line’s variant both ways: sends it, and takes another device’s variants as lines', async () => {
    const server = fakeServer([{ id_producto: 7, id_variante: 5, cantidad: 2 }]);
    vi.stubGlobal('fetch', server.stub.fetchMock);
    addProductToCart(
      { ...product(7, { stock: 100 }), id_variante: 4, etiqueta: 'Talla M · Azul', stock: 10 },
      1,
    );
    stop = startCartSync(7, 10);
    await waitFor(() =>
      expect(getCartLines().map(({ id, variante, cantidad }) => [id, variante, cantidad])).toEqual([
        [7, 4, 1],
        [7, 5, 2],
      ]),
    );
    expect(server.lines).toEqual([
      { id_producto: 7, id_variante: 4, cantidad: 1 },
      { id_producto: 7, id_variante: 5, cantidad: 2 },
    ]);
    // What this browser remembered of its own line stays with it.
    expect(getCartLines()[0]?.etiqueta).toBe('Talla M · Azul');
  });

  it('sends a change a moment later, once for a burst of changes', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.stub.fetchMock);
    stop = startCartSync(7, 30);
    await waitFor(() => expect(server.stub.calls('POST /api/carrito/fusionar')).toHaveLength(1));
    add(1, 1);
    add(1, 1);
    add(2, 4);
    await waitFor(() => expect(server.lines).toEqual([line(1, 2), line(2, 4)]));
    expect(server.stub.calls('PUT /api/carrito')).toHaveLength(1);
    removeCartLine({ id: 2 });
    await waitFor(() => expect(server.lines).toEqual([line(1, 2)]));
  });

  it('takes the cart another device saved when the shopper comes back to the tab', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.stub.fetchMock);
    add(1, 1);
    stop = startCartSync(7, 10);
    await waitFor(() => expect(server.lines).toEqual([line(1, 1)]));
    server.savedElsewhere([line(1, 1), line(3, 5)]);
    window.dispatchEvent(new Event('focus'));
    await waitFor(() =>
      expect(local()).toEqual([
        [1, 1],
        [3, 5],
      ]),
    );
    expect(server.stub.calls('PUT /api/carrito')).toHaveLength(0);
  });

  it('keeps the local cart when the server cannot be reached, and sends it on the next look', async () => {
    const server = fakeServer();
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', offline);
    add(1, 2);
    stop = startCartSync(7, 10);
    await waitFor(() => expect(offline).toHaveBeenCalled());
    expect(local()).toEqual([[1, 2]]);
    vi.stubGlobal('fetch', server.stub.fetchMock);
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(server.lines).toEqual([line(1, 2)]));
  });
});
