import { Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import { accountMenu } from '../../features/auth';
import { lazyComponent } from '../../lib/load-chunk';
import { useSession } from '../../lib/session';
import styles from './account-menu.module.css';

/** Only a signed-in user has the menu behind their name: visitors never download it. */
const AccountDisclosure = lazyComponent(() =>
  import('./account-disclosure').then((m) => m.AccountDisclosure),
);

/** The navbar's account entries for each role (SPEC §2 Navbar), in a nav named 'Cuenta'. */
export function AccountMenu({ className }: { className?: string }) {
  const { user, isPending } = useSession();
  // Nothing while the session is unknown, so a signed-in user never sees 'Iniciar sesión' flash by.
  if (isPending) return <div className={className} />;
  if (!user) {
    return (
      <nav className={className} aria-label="Cuenta">
        <ul className={styles.inline}>
          <li>
            <Link to="/login" className={buttonClass('ghost')}>
              Iniciar sesión
            </Link>
          </li>
          <li>
            <Link to="/register" className={buttonClass('primary')}>
              Registrarse
            </Link>
          </li>
        </ul>
      </nav>
    );
  }
  return (
    <Suspense fallback={<div className={className} />}>
      <AccountDisclosure user={user} model={accountMenu(user)} className={className} />
    </Suspense>
  );
}
