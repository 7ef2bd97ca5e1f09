import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './admin-only.module.css';
import { useLoginPath } from './login-redirect';

/**
 * Renders its children for an admin session only; anyone else reads the fallback text (SPEC §2). The
 * children are lazy pages, so their code is never downloaded for a non-admin.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  if (isPending) return <Loader label="Cargando…" />;
  if (!user?.admin) return <AdminFallback signedIn={user !== null} />;
  return children;
}

function AdminFallback({ signedIn }: { signedIn: boolean }) {
  useDocumentTitle('Solo administradores');
  const loginPath = useLoginPath();
  return (
    <div className={styles.fallback}>
      <h1>Solo administradores</h1>
      <p>Esta sección es solo para administradores. Inicia sesión con una cuenta de administrador.</p>
      <div className={styles.actions}>
        {!signedIn && (
          <Link to={loginPath} className={buttonClass('primary')}>
            Iniciar sesión
          </Link>
        )}
        <Link to="/" className={buttonClass(signedIn ? 'primary' : 'secondary')}>
          Volver al inicio
        </Link>
      </div>
    </div>
  );
}
