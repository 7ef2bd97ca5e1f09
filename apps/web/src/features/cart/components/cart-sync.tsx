import { worksForShop } from '@vitrina/shared';
import { useEffect } from 'react';
import { useSession } from '../../../lib/session';
import { startCartSync } from '../store/cart-sync';

/** Keeps a signed-in customer's cart on the server too; a visitor's cart stays in this browser only. */
export function CartSync() {
  const { user } = useSession();
  const customerId = user && !worksForShop(user) ? user.id_usuario : null;
  useEffect(() => (customerId === null ? undefined : startCartSync(customerId)), [customerId]);
  return null;
}
