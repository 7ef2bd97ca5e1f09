import { useQueryClient } from '@tanstack/react-query';
import { PAGES, pagePath } from '@vitrina/shared';
import { useNavigate } from 'react-router';
import { productQueryKey } from '../../../lib/query-keys';
import type { CheckoutPanelProps, ShippingAddress } from '../../checkout';
import { type JustPaidState, salesQueryKey } from '../../orders';
import { clearCart } from '../store/cart-store';
import type { CartReview } from '../utils/cart-review';
import type { CartShipping } from './use-cart-shipping';

/**
 * What the checkout needs from the cart: the payable lines and total (shipping included), whether paying
 * is possible now, the shipping address, and what happens after — the cart is emptied only once the
 * server confirmed the sale (DESIGN.md), then the order's page shows it.
 */
export function useCartCheckout(
  review: CartReview,
  shipping: CartShipping,
  address: ShippingAddress,
): CheckoutPanelProps {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const disabledReason = review.checking
    ? 'Comprobando precios y existencias…'
    : review.blocked
      ? 'Revisa los productos marcados antes de pagar.'
      : shipping.error
        ? 'No pudimos calcular el envío: vuelve a intentarlo.'
        : shipping.cents === null
          ? 'Calculando el envío…'
          : undefined;
  return {
    order: {
      lines: review.payable.map(({ line }) => ({ id_producto: line.id, cantidad: line.cantidad })),
      totalCents: review.totalCents + (shipping.cents ?? 0),
      shippingCents: shipping.cents ?? 0,
    },
    disabled: disabledReason !== undefined,
    disabledReason,
    readAddress: address.read,
    onPaid: (sale) => {
      const bought = review.payable.map(({ line }) => line.id);
      clearCart();
      void queryClient.invalidateQueries({ queryKey: salesQueryKey });
      // Their stock changed.
      for (const id of bought) void queryClient.invalidateQueries({ queryKey: productQueryKey(id) });
      const state: JustPaidState = { justPaid: true };
      navigate(pagePath(PAGES.order, sale.id_venta), { state });
    },
    onConflict: () => {
      review.refresh();
      // The shop's shipping may have changed too.
      shipping.retry();
    },
  };
}
