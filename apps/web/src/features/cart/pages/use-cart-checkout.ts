import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { productQueryKey } from '../../../lib/query-keys';
import type { CheckoutPanelProps } from '../../checkout';
import { salesQueryKey } from '../../orders';
import { clearCart } from '../store/cart-store';
import type { CartReview } from '../utils/cart-review';

/**
 * What the checkout needs from the cart: the payable lines and total, whether paying is possible now,
 * and what happens after — the cart is emptied only once the server confirmed the sale (DESIGN.md).
 */
export function useCartCheckout(review: CartReview): CheckoutPanelProps {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const disabledReason = review.checking
    ? 'Comprobando precios y existencias…'
    : review.blocked
      ? 'Revisa los productos marcados antes de pagar.'
      : undefined;
  return {
    order: {
      lines: review.payable.map(({ line }) => ({ id_producto: line.id, cantidad: line.cantidad })),
      totalCents: review.totalCents,
    },
    disabled: disabledReason !== undefined,
    disabledReason,
    onPaid: () => {
      const bought = review.payable.map(({ line }) => line.id);
      clearCart();
      void queryClient.invalidateQueries({ queryKey: salesQueryKey });
      // Their stock changed.
      for (const id of bought) void queryClient.invalidateQueries({ queryKey: productQueryKey(id) });
      navigate('/');
    },
    onConflict: review.refresh,
  };
}
