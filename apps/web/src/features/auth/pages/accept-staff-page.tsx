import { PAGES, STAFF_MESSAGES, STAFF_ROLE_LABELS } from '@vitrina/shared';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { Loader } from '../../../components/loader';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAcceptStaffInvitation } from '../api/accept-staff';
import { useLoginPath } from '../components/login-redirect';
import styles from './auth-page.module.css';

/** The link's token: `#token=…` (a fragment, so it never reaches a server log). */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/**
 * /personal/aceptar#token=…: the invitation to the staff. Accepting needs the account of the invited
 * e-mail, signed in: a visitor signs in (and comes back here, the link included) or registers first.
 */
export function AcceptStaffPage() {
  useDocumentTitle(PAGES.acceptStaff.title);
  const token = tokenOf(useLocation().hash);
  const { user, isPending } = useSession();
  const loginPath = useLoginPath();
  const navigate = useNavigate();
  const accept = useAcceptStaffInvitation();

  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: (member) => {
        notify({
          title: 'Ya eres parte del personal',
          text: member.rol ? `Tu rol: ${STAFF_ROLE_LABELS[member.rol]}.` : undefined,
          icon: 'success',
        });
        navigate(PAGES.adminHome.path, { replace: true });
      },
    });

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="invitacion-title">
        <h1 id="invitacion-title" className={styles.title}>
          Invitación al personal
        </h1>
        {token === '' ? (
          <p role="alert">{STAFF_MESSAGES.invalidInvitation}</p>
        ) : isPending ? (
          <Loader label="Cargando…" />
        ) : user ? (
          <>
            <p>
              Vas a unirte al personal de la tienda con tu cuenta <strong>{user.email}</strong>.
            </p>
            {accept.isError && <p role="alert">{errorMessage(accept.error)}</p>}
            <Button size="lg" onClick={onAccept} disabled={accept.isPending}>
              Aceptar la invitación
            </Button>
          </>
        ) : (
          <>
            <p>
              Para aceptar, inicia sesión con el correo al que llegó la invitación. Si todavía no tienes
              cuenta, regístrate con ese correo y vuelve a abrir el enlace.
            </p>
            <p>
              <Link to={loginPath} className={buttonClass('primary', 'lg')}>
                Iniciar sesión
              </Link>{' '}
              <Link to={PAGES.register.path} className={buttonClass('secondary', 'lg')}>
                Registrarse
              </Link>
            </p>
          </>
        )}
      </section>
    </div>
  );
}
