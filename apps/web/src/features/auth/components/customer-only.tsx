import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Loader } from '../../../components/loader';
import { useSession } from '../../../lib/session';

/**
 * Renders its children for a signed-in customer (SPEC §6): visitors go to /login, admins (who cannot buy)
 * go home.
 */
export function CustomerOnly({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  if (isPending) return <Loader label="Cargando…" />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.admin) return <Navigate to="/" replace />;
  return children;
}
