import { worksForShop } from '@vitrina/shared';
import { useEffect } from 'react';
import { useSession } from '../../../lib/session';
import { startCartSync } from '../store/cart-sync';
import { forgetGuest, startGuestCartSync } from '../store/guest-cart-sync';

/**
 * Keeps a signed-in customer's cart on the server too; a visitor's, once they typed an e-mail at checkout
 * (docs/decisions/095). Signing in ends the guest's: the account's cart takes the lines.
 */
export function CartSync() {
  const { user, isPending } = useSession();
  const customerId = user && !worksForShop(user) ? user.id_usuario : null;
  const signedIn = user !== null;
  const visitor = !isPending && !signedIn;
  useEffect(() => {
    if (signedIn) forgetGuest();
  }, [signedIn]);
  useEffect(() => (customerId === null ? undefined : startCartSync(customerId)), [customerId]);
  useEffect(() => (visitor ? startGuestCartSync() : undefined), [visitor]);
  return null;
}
