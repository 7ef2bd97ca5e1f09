// @vitest-environment jsdom

import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readGuestCartOwner } from '../../../lib/guest-cart';
import { createFetchStub } from '../../../testing/fetch-stub';
import { product } from '../../../testing/fixtures';
import { addProductToCart, clearCart } from './cart-store';
import { forgetGuest, rememberGuest, startGuestCartSync } from './guest-cart-sync';

const saves = createFetchStub({
  routes: { 'PUT /api/carrito/invitado': () => Response.json({ lineas: [], actualizado: null }) },
});
const add = (id: number, quantity: number) => addProductToCart(product(id, { stock: 100 }), quantity);
const sent = () => saves.calls('PUT /api/carrito/invitado').map((call) => call.body);

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  localStorage.clear();
  clearCart();
  saves.reset();
  vi.unstubAllGlobals();
});

describe('guest cart sync', () => {
  it('sends nothing until the checkout’s e-mail is known, then the cart with it after every change', async () => {
    vi.stubGlobal('fetch', saves.fetchMock);
    stop = startGuestCartSync(10);
    add(1, 2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sent()).toEqual([]);

    rememberGuest({ email: 'ana@example.com', nombre: 'Ana' });
    await waitFor(() =>
      expect(sent()).toEqual([
        {
          email: 'ana@example.com',
          nombre: 'Ana',
          lineas: [{ id_producto: 1, id_variante: null, cantidad: 2 }],
        },
      ]),
    );
    add(3, 1);
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toMatchObject({
      lineas: [
        { id_producto: 1, id_variante: null, cantidad: 2 },
        { id_producto: 3, id_variante: null, cantidad: 1 },
      ],
    });
    // Remembering the same guest again sends nothing new.
    rememberGuest({ email: 'ana@example.com', nombre: 'Ana' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sent()).toHaveLength(2);
  });

  it('saves one at a time across the browser’s tabs: the next save waits for the cookie of the first', async () => {
    const events: string[] = [];
    let n = 0;
    const slow = createFetchStub({
      routes: {
        'PUT /api/carrito/invitado': async () => {
          const save = ++n;
          events.push(`start ${save}`);
          await new Promise((resolve) => setTimeout(resolve, 40));
          events.push(`end ${save}`);
          return Response.json({ lineas: [], actualizado: null });
        },
      },
    });
    // The Web Locks API as a browser has it (jsdom has none): one holder of a name at a time.
    let queue: Promise<unknown> = Promise.resolve();
    const locks = {
      request: (_name: string, task: () => Promise<unknown>) => {
        const run = queue.then(task);
        queue = run.catch(() => {});
        return run;
      },
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    vi.stubGlobal('fetch', slow.fetchMock);
    stop = startGuestCartSync(5);
    rememberGuest({ email: 'ana@example.com' });
    add(1, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    add(2, 1);
    await waitFor(() => expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2']));
  });

  it('stops once the guest is forgotten (an order placed, a sign-in)', async () => {
    vi.stubGlobal('fetch', saves.fetchMock);
    rememberGuest({ email: 'ana@example.com' });
    stop = startGuestCartSync(10);
    forgetGuest();
    expect(readGuestCartOwner()).toBeNull();
    add(1, 1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sent()).toEqual([]);
  });
});
