import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Loader } from '../../../components/loader';
import { useGuestCheckout } from '../../../lib/guest-checkout';
import { useSession } from '../../../lib/session';
import { useLoginRedirect } from './login-redirect';

/**
 * Renders its children for a signed-in customer (SPEC §6): visitors go to /login, and back here once
 * signed in (an e-mail's 'Ver mi pedido'); admins (who cannot buy) go home. With `guests`, a visitor
 * stays while the shop lets visitors buy without an account (decision 085).
 */
export function CustomerOnly({ children, guests = false }: { children: ReactNode; guests?: boolean }) {
  const { user, isPending } = useSession();
  const loginPath = useLoginRedirect(user !== null);
  const guestCheckout = useGuestCheckout(guests && !isPending && !user);
  if (isPending || guestCheckout.isPending) return <Loader label="Cargando…" />;
  if (!user) return guestCheckout.allowed ? children : <Navigate to={loginPath} replace />;
  if (user.admin) return <Navigate to="/" replace />;
  return children;
}
