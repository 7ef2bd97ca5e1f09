import { useQueryClient } from '@tanstack/react-query';
import { PAGES, RETURN_TO_PARAM, safeReturnPath } from '@vitrina/shared';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { LegalNotice } from '../../../components/legal-notice';
import { alert } from '../../../lib/notifications';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginForm } from '../components/login-form';
import { showAccountDisabled } from '../utils/account-disabled-alert';
import styles from './auth-page.module.css';

/**
 * Starts the Google sign-in: a full-page visit; the server comes back to `returnTo` (or /), or to /account
 * while the profile still has Google's placeholders.
 */
function continueWithGoogle(returnTo: string | null) {
  const query = returnTo ? `?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}` : '';
  window.location.assign(`/api/auth/google${query}`);
}

/**
 * /login (SPEC §2 Login). Signed-in users are sent home (SPEC), also right after signing in here, or back to
 * the page that sent them here (`?returnTo=`, a path of this shop only).
 */
export function LoginPage() {
  useDocumentTitle(PAGES.login.title);
  const { user } = useSession();
  const [search] = useSearchParams();
  const returnTo = safeReturnPath(search.get(RETURN_TO_PARAM));
  useGoogleLoginError();
  if (user) return <Navigate to={returnTo ?? '/'} replace />;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          Iniciar sesión
        </h1>
        <p className={styles.intro}>Ingresa con tu correo y contraseña para comprar y ver tus pedidos.</p>
        <LoginForm />
        <p className={styles.switch}>
          <Link to={PAGES.recoverPassword.path}>¿Olvidaste tu contraseña?</Link>
        </p>
        <p className={styles.divider}>
          <span>o</span>
        </p>
        <Button variant="secondary" size="lg" onClick={() => continueWithGoogle(returnTo)}>
          <GoogleMark />
          Continuar con Google
        </Button>
        <div className={styles.alternatives}>
          <p>¿No tienes cuenta?</p>
          <Link to="/register" className={buttonClass('secondary')}>
            Regístrate
          </Link>
          <Link to="/" className={buttonClass('ghost')}>
            Volver al inicio
          </Link>
        </div>
        <LegalNotice action="continuar" className={styles.legal} />
      </section>
    </div>
  );
}

/** The Google sign-in failed and came back as /login?error=desactivada or /login?error=google. */
function useGoogleLoginError() {
  const [search, setSearch] = useSearchParams();
  const client = useQueryClient();
  const error = search.get('error');
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    if (error === 'desactivada') void showAccountDisabled(client);
    else {
      void alert({
        title: 'Usuario o contraseña incorrectos',
        text: 'No pudimos iniciar sesión con Google. Inténtalo de nuevo.',
        icon: 'error',
        confirmText: 'Aceptar',
      });
    }
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [error, client, setSearch]);
}

function GoogleMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6C12.4 13.6 17.7 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.8A14.5 14.5 0 0 1 9.5 24c0-1.7.3-3.3.8-4.8l-7.8-6A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.8l7.9-6z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.1-13.5-9.7l-7.9 6C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
