import { PAGES } from '@vitrina/shared';
import { Link, Navigate } from 'react-router';
import { LegalNotice } from '../../../components/legal-notice';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RegisterForm } from '../components/register-form';
import styles from './auth-page.module.css';

/** /register (SPEC §2 Registration). Signed-in users are sent home. */
export function RegisterPage() {
  useDocumentTitle(PAGES.register.title);
  const { user } = useSession();
  if (user) return <Navigate to="/" replace />;

  return (
    <div className={styles.page}>
      <section className={`${styles.card} ${styles.wide}`} aria-labelledby="register-title">
        <h1 id="register-title" className={styles.title}>
          Crea tu cuenta
        </h1>
        <p className={styles.intro}>
          Completa tu información personal para registrarte y disfrutar de ofertas exclusivas.
        </p>
        <RegisterForm />
        <LegalNotice action="registrarte" className={styles.legal} />
        <p className={styles.switch}>
          ¿Ya tienes cuenta? <Link to="/login">Inicia sesión</Link>
        </p>
      </section>
    </div>
  );
}
