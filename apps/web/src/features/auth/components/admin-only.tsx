import { mayOpenAdminPage, PAGES, type PageName } from '@vitrina/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './admin-only.module.css';
import { useLoginPath } from './login-redirect';

/**
 * Renders its children for the owner, and for staff whose role covers the admin page `page`
 * (mayOpenAdminPage); anyone else reads the fallback text (SPEC §2). The children are lazy pages, so their
 * code is never downloaded for someone who may not use them.
 */
export function AdminOnly({ page, children }: { page: PageName; children: ReactNode }) {
  const { user, isPending } = useSession();
  if (isPending) return <Loader label="Cargando…" />;
  if (user?.rol && !mayOpenAdminPage(user, page)) return <StaffFallback />;
  if (!user || !mayOpenAdminPage(user, page)) return <AdminFallback signedIn={user !== null} />;
  return children;
}

/** A staff member on an admin page their role does not cover. */
function StaffFallback() {
  useDocumentTitle('Sección no disponible');
  return (
    <div className={styles.fallback}>
      <h1>Sección no disponible</h1>
      <p>Tu rol en la tienda no incluye esta sección. Si la necesitas, pídesela al dueño de la tienda.</p>
      <div className={styles.actions}>
        <Link to={PAGES.adminHome.path} className={buttonClass('primary')}>
          Ir a Administración
        </Link>
      </div>
    </div>
  );
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
