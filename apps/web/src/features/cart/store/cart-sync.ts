import type { SavedCart, SavedCartLine } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { CART_SYNCED_KEY, readStorage, writeStorage } from '../../../lib/local-storage';
import { getCartLines, replaceCartLines, subscribeCart } from './cart-store';

/*
 * A signed-in customer's cart kept on the server too (docs/decisions/080-saved-carts.md). The local cart
 * stays the first copy; this layer only keeps the server's in step. It remembers (under 'cart synced') the
 * lines and the server version it last agreed on, so each look knows what changed since:
 * - only here: this device sends its cart (PUT /api/carrito);
 * - only there (another device): this device takes the server's lines;
 * - both, or another account's cart (a sign-in): the two are merged (POST /api/carrito/fusionar).
 * It looks when the shopper signs in or comes back to the tab, and a moment after every change.
 */

/** How long after a change the cart is sent: a burst of clicks on "+" is one request. */
export const CART_SYNC_DELAY_MS = 800;

interface Synced {
  usuario: number;
  actualizado: string | null;
  /** The lines agreed on, as the server keeps them (JSON). */
  lineas: string;
}

function readSynced(): Synced | null {
  try {
    const value = JSON.parse(readStorage(CART_SYNCED_KEY) ?? 'null') as Synced | null;
    return value && typeof value.usuario === 'number' && typeof value.lineas === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** This browser's lines as the server keeps them. */
export const localLines = (): SavedCartLine[] =>
  getCartLines().map((line) => ({
    id_producto: line.id,
    id_variante: line.variante ?? null,
    cantidad: line.cantidad,
  }));

/** The same lines in the same order: what the server keeps and what this browser keeps compare as text. */
const asText = (lines: readonly SavedCartLine[]) =>
  JSON.stringify(
    lines.map(({ id_producto, id_variante, cantidad }) => [id_producto, id_variante ?? null, cantidad]),
  );

/** One look: compares this device's cart and the server's with the last agreement, and settles them. */
async function reconcile(userId: number): Promise<void> {
  const synced = readSynced();
  const mine = localLines();
  const send = (path: '/carrito' | '/carrito/fusionar', method: 'PUT' | 'POST') =>
    api<SavedCart>(path, { method, body: { lineas: mine } });
  let agreed: SavedCart;
  if (synced?.usuario !== userId) {
    agreed = await send('/carrito/fusionar', 'POST');
  } else {
    const changedHere = asText(mine) !== synced.lineas;
    const server = await api<SavedCart>('/carrito');
    const changedThere = server.actualizado !== synced.actualizado;
    if (changedHere && changedThere) agreed = await send('/carrito/fusionar', 'POST');
    else if (changedHere) agreed = await send('/carrito', 'PUT');
    else agreed = server;
  }
  // The shopper may have changed the cart while the request was out: that change gets its own look.
  if (asText(localLines()) === asText(mine) && asText(agreed.lineas) !== asText(mine))
    replaceCartLines(
      agreed.lineas.map((line) => ({
        id: line.id_producto,
        ...(line.id_variante !== null && { variante: line.id_variante }),
        cantidad: line.cantidad,
      })),
    );
  writeStorage(
    CART_SYNCED_KEY,
    JSON.stringify({ usuario: userId, actualizado: agreed.actualizado, lineas: asText(agreed.lineas) }),
  );
}

/**
 * Keeps the cart in step for a signed-in customer until the returned function stops it (sign-out). Looks
 * never overlap; a failed one (offline) is simply retried by the next.
 */
export function startCartSync(userId: number, delayMs = CART_SYNC_DELAY_MS): () => void {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const look = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = reconcile(userId)
      .catch(() => {
        // Offline or signed out meanwhile: the local cart is intact and the next look tries again.
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          look();
        }
      });
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(look, delayMs);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') look();
  };

  const unsubscribe = subscribeCart(() => {
    const synced = readSynced();
    if (synced?.usuario !== userId || asText(localLines()) !== synced.lineas) later();
  });
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', look);
  look();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', look);
  };
}
