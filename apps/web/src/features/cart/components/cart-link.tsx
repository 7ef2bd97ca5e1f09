import { CART_MAX_ITEMS } from '@vitrina/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { CartIcon } from '../../../components/icons';
import { useCartCount } from '../store/cart-store';
import styles from './cart-link.module.css';

/**
 * The navbar's cart icon with the number of items (customers only). At the cart's limit (SPEC §9: 50) the
 * badge changes colour and screen readers hear 'Carrito lleno' as the link's description; its name stays
 * 'Carrito, N productos'.
 */
export function CartLink({ className }: { className?: string }) {
  const count = useCartCount();
  const hintId = useId();
  const full = count >= CART_MAX_ITEMS;
  const label = count === 1 ? 'Carrito, 1 producto' : `Carrito, ${count} productos`;
  return (
    <Link
      to="/carrito"
      className={`${styles.cart} ${className ?? ''}`}
      aria-label={label}
      aria-describedby={full ? hintId : undefined}
    >
      <CartIcon />
      <span
        className={`${styles.count} ${full ? styles.full : ''}`}
        aria-hidden="true"
        data-full={full || undefined}
      >
        {count}
      </span>
      {full && (
        <span id={hintId} className="visually-hidden">
          Carrito lleno
        </span>
      )}
    </Link>
  );
}
