import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { CartIcon } from '../../../components/icons';
import { CART_COUNT_KEY, readStorage } from '../../../lib/local-storage';
import styles from './cart-link.module.css';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

function readCount(): number {
  const count = Number.parseInt(readStorage(CART_COUNT_KEY) ?? '0', 10);
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/**
 * The navbar's cart icon with the number of items (customers only). For now the count is read from
 * local storage ('cart count'); the cart feature will own it.
 */
export function CartLink({ className }: { className?: string }) {
  const count = useSyncExternalStore(subscribe, readCount, () => 0);
  const label = count === 1 ? 'Carrito, 1 producto' : `Carrito, ${count} productos`;
  return (
    <Link to="/carrito" className={`${styles.cart} ${className ?? ''}`} aria-label={label}>
      <CartIcon />
      <span className={styles.count} aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
