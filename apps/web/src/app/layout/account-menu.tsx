import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import styles from './navbar.module.css';

/** The account entries of a visitor (SPEC §2: logged-out menu). No cart icon for visitors. */
export function AccountMenu({ className }: { className?: string }) {
  return (
    <nav className={className} aria-label="Cuenta">
      <ul className={styles.accountList}>
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
