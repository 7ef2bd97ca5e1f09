import { CART_MAX_ITEMS } from '@vitrina/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { CartIcon } from '../../../components/icons';
import { useCartCount } from '../store/cart-store';
import styles from './cart-link.module.css';

/**
 * The navbar's cart icon with the number of items (customers only). At the cart's limit (SPEC §9: 50) the
 * badge changes colour and screen readers hear 'Carrito lleno' as the link's description. Its name is
 * 'Carrito, N productos': the number shown is part of it, the words are there for screen readers only.
 */
export function CartLink({ className }: { className?: string }) {
  const count = useCartCount();
  const hintId = useId();
  const full = count >= CART_MAX_ITEMS;
  return (
    <Link
      to="/carrito"
      className={`${styles.cart} ${className ?? ''}`}
      aria-describedby={full ? hintId : undefined}
    >
      <CartIcon />
      <span className="visually-hidden">Carrito,</span>{' '}
      <span className={`${styles.count} ${full ? styles.full : ''}`} data-full={full || undefined}>
        {count}
      </span>{' '}
      <span className="visually-hidden">{count === 1 ? 'producto' : 'productos'}</span>
      {full && (
        // Hidden, it is no part of the name, and still the description it is referenced as.
        <span id={hintId} hidden>
          Carrito lleno
        </span>
      )}
    </Link>
  );
}
