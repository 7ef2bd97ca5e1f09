import { CATEGORIES } from '@vitrina/shared';
import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router';
import { MenuIcon } from '../../components/icons';
import { accountMenu } from '../../features/auth';
import { CartLink, useCartCount } from '../../features/cart';
import { lazyComponent } from '../../lib/load-chunk';
import { useSession } from '../../lib/session';
import { useShopIdentity } from '../../lib/shop-identity';
import { AccountMenu } from './account-menu';
import { Logo } from './logo';
import styles from './navbar.module.css';
import { SearchBox } from './search-box';

/** The drawer is only ever needed after a tap on the menu button: its code downloads then. */
const Drawer = lazyComponent(() => import('./drawer').then((m) => m.Drawer));

/**
 * Logo, search, cart and account menu; the drawer on small screens and a category strip on wide ones.
 * Admins get no search box and no cart; visitors no cart (SPEC §2 Navbar) until they put something in it.
 */
export function Navbar() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const { user } = useSession();
  // Until the shop's name has arrived (a page the browser renders itself), the link still says where it goes.
  const shopName = useShopIdentity().data?.nombre;
  const { showSearch, showCart } = accountMenu(user);
  // A visitor who put something in the cart (guest checkout, decision 085) finds the way back to it.
  const cartCount = useCartCount();
  const visitorCart = user === null && cartCount > 0;
  const location = useLocation();
  const [search] = useSearchParams();
  const urlName = location.pathname.startsWith('/products/') ? (search.get('name') ?? '') : '';

  // Any navigation closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => setDrawerOpen(false), [location.key]);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.menuButton}
          aria-label="Abrir menú"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => {
            setDrawerWanted(true);
            setDrawerOpen(true);
          }}
        >
          <MenuIcon />
        </button>
        <Link to="/" className={styles.logo} aria-label={shopName ? undefined : 'Ir al inicio'}>
          <Logo />
        </Link>
        {showSearch && <SearchBox urlValue={urlName} className={styles.search} />}
        <div className={styles.account}>
          {(showCart || visitorCart) && <CartLink />}
          <AccountMenu className={styles.accountMenu} />
        </div>
      </div>
      <nav className={styles.categories} aria-label="Navegación por categorías">
        <ul>
          <li>
            <NavLink to="/products/todos" end>
              Ver Todo
            </NavLink>
          </li>
          {CATEGORIES.map((category) => (
            <li key={category.id}>
              <NavLink to={`/products/categoria/${category.id}`}>{category.nombre}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {drawerWanted && (
        <Suspense fallback={null}>
          <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
