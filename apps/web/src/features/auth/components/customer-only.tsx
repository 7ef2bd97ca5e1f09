import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Loader } from '../../../components/loader';
import { useSession } from '../../../lib/session';
import { useLoginRedirect } from './login-redirect';

/**
 * Renders its children for a signed-in customer (SPEC §6): visitors go to /login, and back here once
 * signed in (an e-mail's 'Ver mi pedido'); admins (who cannot buy) go home.
 */
export function CustomerOnly({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  const loginPath = useLoginRedirect(user !== null);
  if (isPending) return <Loader label="Cargando…" />;
  if (!user) return <Navigate to={loginPath} replace />;
  if (user.admin) return <Navigate to="/" replace />;
  return children;
}
