import { GUEST_CART_MESSAGES, guestSchema } from '@vitrina/shared';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useSession } from '../../../lib/session';
import type { ShippingAddress } from '../../checkout';
import { recoverGuestCart } from '../api/recover-guest-cart';
import { replaceCartLines } from '../store/cart-store';
import { CART_SYNC_DELAY_MS, localLines } from '../store/cart-sync';
import { rememberGuest } from '../store/guest-cart-sync';

/*
 * A guest's cart on the server (docs/decisions/095-guest-carts.md), as the cart and pay pages meet it: the
 * checkout's e-mail, once valid, becomes the saved cart's; the reminder's link brings the cart back.
 */

/**
 * A moment after the guest stops typing a valid e-mail at checkout, the cart is saved with it (and with
 * the name, once valid): before paying, so a cart left there gets its reminder.
 */
export function useRememberGuest(guest: ShippingAddress['guest']): void {
  const email = guest?.values.email ?? '';
  const nombre = guest?.values.nombre ?? '';
  const typing = guest !== null;
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => {
      const address = guestSchema.shape.email.safeParse(email);
      if (!address.success) return;
      const name = guestSchema.shape.nombre.safeParse(nombre);
      rememberGuest({ email: address.data, ...(name.success && { nombre: name.data.trim() }) });
    }, CART_SYNC_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typing, email, nombre]);
}

/**
 * /carrito?carrito=…&acceso=…, the reminder's link: the saved cart joins this browser's, the checkout is
 * filled with its e-mail and name, and the link leaves the address bar (it is the mailbox's, not the page's).
 */
export function useCartRecovery(): void {
  const [search, setSearch] = useSearchParams();
  const { user, isPending } = useSession();
  const signedIn = user !== null;
  const carrito = search.get('carrito');
  const acceso = search.get('acceso');
  useEffect(() => {
    if (carrito === null || acceso === null || isPending) return;
    let current = true;
    recoverGuestCart({ carrito: Number(carrito), acceso, lineas: localLines() })
      .then((cart) => {
        if (!current) return;
        replaceCartLines(
          cart.lineas.map((line) => ({
            id: line.id_producto,
            ...(line.id_variante !== null && { variante: line.id_variante }),
            cantidad: line.cantidad,
          })),
        );
        // Signed in, the lines went to the account's cart: nobody to remember.
        if (!signedIn) rememberGuest({ email: cart.email, ...(cart.nombre && { nombre: cart.nombre }) });
        notify({ title: GUEST_CART_MESSAGES.restored, icon: 'success' });
      })
      .catch((error: unknown) => {
        if (current) notify({ title: errorMessage(error), icon: 'error' });
      })
      .finally(() => {
        if (!current) return;
        setSearch(
          (previous) => {
            const rest = new URLSearchParams(previous);
            rest.delete('carrito');
            rest.delete('acceso');
            return rest;
          },
          { replace: true },
        );
      });
    return () => {
      current = false;
    };
  }, [carrito, acceso, isPending, signedIn, setSearch]);
}
