import { CATEGORIES, listingSearch, type ProductOrder, parseListingSearch } from '@vitrina/shared';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Avatar } from '../../components/avatar';
import { CloseIcon } from '../../components/icons';
import { accountMenu } from '../../features/auth';
import { listingPath, parseId } from '../../features/catalog';
import { useSession } from '../../lib/session';
import { AccountEntries } from './account-entries';
import styles from './drawer.module.css';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
}

const LISTING_PATH = /^\/products\/(todos|categoria\/([^/]+))$/;

/** An order link applies to the listing on screen, or to every product from any other page. */
function useOrderHref(): (orden: ProductOrder) => string {
  const { pathname, search } = useLocation();
  const match = LISTING_PATH.exec(pathname);
  return (orden) => {
    if (!match) return `${listingPath()}${listingSearch({ orden })}`;
    const categoria = parseId(match[2]);
    const params = parseListingSearch(new URLSearchParams(search), categoria);
    return `${pathname}${listingSearch({ ...params, orden, page: 1 })}`;
  };
}

/** The left drawer of SPEC §2 (a modal <dialog>: focus stays inside, Escape closes it). */
export function Drawer({ open, onClose }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const orderHref = useOrderHref();
  const { user } = useSession();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is native
    <dialog
      ref={ref}
      className={styles.drawer}
      aria-labelledby="drawer-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.panel}>
        <div className={styles.head}>
          <p id="drawer-title" className={styles.title}>
            Menú
          </p>
          <button type="button" className={styles.close} aria-label="Cerrar menú" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Menú principal" className={styles.nav}>
          <ul className={styles.list}>
            <li>
              <Link to={listingPath()} className={styles.strong}>
                Ver Todo
              </Link>
            </li>
          </ul>
          <p className={styles.group}>Categorias</p>
          <ul className={styles.list}>
            {CATEGORIES.map((category) => (
              <li key={category.id}>
                <Link to={listingPath(category.id)}>{category.nombre}</Link>
              </li>
            ))}
          </ul>
          <p className={styles.group}>Ordenar</p>
          <ul className={styles.list}>
            <li>
              <Link to={orderHref('nombre_asc')}>Nombre a-z</Link>
            </li>
            <li>
              <Link to={orderHref('nombre_desc')}>Nombre z-a</Link>
            </li>
          </ul>
          <p className={styles.group}>Precio</p>
          <ul className={styles.list}>
            <li>
              <Link to={orderHref('precio_desc')}>Mayor precio</Link>
            </li>
            <li>
              <Link to={orderHref('precio_asc')}>Menor precio</Link>
            </li>
          </ul>
          <ul className={`${styles.list} ${styles.separated}`}>
            <li>
              <Link to={orderHref('recientes')} className={styles.strong}>
                Más recientes
              </Link>
            </li>
          </ul>
          {user ? (
            <div className={styles.greeting}>
              <Avatar firstName={user.primer_nombre} lastName={user.primer_apellido} src={user.imagen} />
              <p>Hola, {user.primer_nombre}</p>
            </div>
          ) : (
            <p className={styles.group}>Tu cuenta</p>
          )}
          <AccountEntries model={accountMenu(user)} variant="drawer" />
        </nav>
      </div>
    </dialog>
  );
}
