import { PAGES, profileIncomplete, worksForShop } from '@vitrina/shared';
import { Navigate } from 'react-router';
import { Loader } from '../../../components/loader';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoginRedirect } from '../../auth';
import styles from '../components/account.module.css';
import { CartRemindersSwitch } from '../components/cart-reminders-switch';
import { FirstTimeForm } from '../components/first-time-form';
import { PasswordForm } from '../components/password-form';
import { ProfileDetails } from '../components/profile-details';
import { ProfileForm } from '../components/profile-form';

/**
 * /account (SPEC §2 Profile): the first-time form while address or phone are the placeholders; then, for
 * database users, their data with the update and password forms; Google users read their data only.
 * Shoppers (not the shop's staff, who do not buy) choose whether a forgotten cart gets its reminder.
 */
export function AccountPage() {
  useDocumentTitle(PAGES.account.title);
  const { user, isPending } = useSession();
  const loginPath = useLoginRedirect(user !== null);
  if (isPending) return <Loader label="Cargando tu perfil…" />;
  if (!user) return <Navigate to={loginPath} replace />;

  if (profileIncomplete(user)) {
    return (
      <div className={styles.page}>
        <section className={styles.card} aria-labelledby="perfil-inicial">
          <h1 id="perfil-inicial" className={styles.title}>
            Completa tu perfil
          </h1>
          <p className={styles.intro}>
            Hola, {user.primer_nombre}. Para enviarte tus compras necesitamos tu dirección y tu teléfono.
          </p>
          <FirstTimeForm />
        </section>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Mi perfil</h1>
      <section className={styles.card} aria-labelledby="mis-datos">
        <h2 id="mis-datos" className={styles.title}>
          Mis datos
        </h2>
        <ProfileDetails user={user} />
        {user.login === 'google' && (
          <p className={styles.note}>
            Iniciaste sesión con Google: tu nombre, tu correo y tu contraseña se administran en tu cuenta de
            Google, y tus datos de envío no se pueden editar desde aquí.
          </p>
        )}
      </section>
      {user.login === 'database' && (
        <>
          <section className={styles.card} aria-labelledby="actualizar-datos">
            <h2 id="actualizar-datos" className={styles.title}>
              Actualizar datos
            </h2>
            <ProfileForm />
          </section>
          <section className={styles.card} aria-labelledby="cambiar-password">
            <h2 id="cambiar-password" className={styles.title}>
              Cambiar contraseña
            </h2>
            <p className={styles.intro}>Al cambiarla se cerrarán todas tus sesiones.</p>
            <PasswordForm />
          </section>
        </>
      )}
      {!worksForShop(user) && (
        <section className={styles.card} aria-labelledby="recordatorios">
          <h2 id="recordatorios" className={styles.title}>
            Recordatorios
          </h2>
          <CartRemindersSwitch />
        </section>
      )}
    </div>
  );
}
