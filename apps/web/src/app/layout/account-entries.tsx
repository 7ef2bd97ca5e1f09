import { Link } from 'react-router';
import { type AccountMenuModel, useLogout } from '../../features/auth';
import styles from './account-entries.module.css';

interface AccountEntriesProps {
  model: AccountMenuModel;
  /** 'menu': the navbar's pop-up list, one 44px row per entry; 'drawer': a group of the drawer's list. */
  variant: 'menu' | 'drawer';
}

/**
 * The role's account entries (SPEC §2 Navbar): its heading, its links and 'Cerrar sesión'. The same list
 * in the navbar's account menu and in the drawer.
 */
export function AccountEntries({ model, variant }: AccountEntriesProps) {
  const logout = useLogout();
  const item = `${styles.item} ${variant === 'menu' ? styles.roomy : ''}`;
  return (
    <>
      {model.label && (
        <p className={`${styles.label} ${variant === 'drawer' ? styles.spaced : ''}`}>{model.label}</p>
      )}
      <ul className={styles.list}>
        {model.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={item}>
              {link.label}
            </Link>
          </li>
        ))}
        {model.canLogOut && (
          <li>
            <button
              type="button"
              className={item}
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            >
              Cerrar sesión
            </button>
          </li>
        )}
      </ul>
    </>
  );
}
