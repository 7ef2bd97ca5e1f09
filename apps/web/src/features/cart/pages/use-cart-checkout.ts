import { useQueryClient } from '@tanstack/react-query';
import { PAGES, pagePath } from '@vitrina/shared';
import { useNavigate } from 'react-router';
import { productQueryKey } from '../../../lib/query-keys';
import type { CheckoutPanelProps, ShippingAddress } from '../../checkout';
import { type JustPaidState, salesQueryKey } from '../../orders';
import { clearCart } from '../store/cart-store';
import { setCouponCode } from '../store/coupon-store';
import { closeGuestCart } from '../store/guest-cart-sync';
import type { CartReview } from '../utils/cart-review';
import type { CartPricing } from './use-cart-pricing';

/**
 * What the checkout needs from the cart: the payable lines, the server's quoted total (discount and
 * shipping included) and the applied code, whether paying is possible now, the shipping address, and what
 * happens after — the cart is emptied only once the server confirmed the sale (DESIGN.md), then the
 * order's page shows it.
 */
export function useCartCheckout(
  review: CartReview,
  pricing: CartPricing,
  address: ShippingAddress,
): CheckoutPanelProps {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const disabledReason = review.checking
    ? 'Comprobando precios y existencias…'
    : review.blocked
      ? 'Revisa los productos marcados antes de pagar.'
      : pricing.error
        ? 'No pudimos calcular el total: vuelve a intentarlo.'
        : pricing.totalCents === null || pricing.loading
          ? 'Calculando el total…'
          : undefined;
  return {
    order: {
      lines: review.payable.map(({ line }) => ({
        id_producto: line.id,
        id_variante: line.variante,
        cantidad: line.cantidad,
      })),
      totalCents: pricing.totalCents ?? 0,
      shippingCents: pricing.cents ?? 0,
      ...(pricing.appliedCode && { cupon: pricing.appliedCode }),
    },
    disabled: disabledReason !== undefined,
    disabledReason,
    readAddress: address.read,
    onPaid: (sale) => {
      const bought = review.payable.map(({ line }) => line.id);
      // The guest's saved cart was emptied by the order: the next is saved only with an e-mail typed again.
      if (sale.acceso) closeGuestCart();
      clearCart();
      setCouponCode(null);
      void queryClient.invalidateQueries({ queryKey: salesQueryKey });
      // Their stock changed.
      for (const id of bought) void queryClient.invalidateQueries({ queryKey: productQueryKey(id) });
      const state: JustPaidState = { justPaid: true };
      // A guest's order opens with its link's token (decision 086): there is no session to open it with.
      const access = sale.acceso ? `?${new URLSearchParams({ acceso: sale.acceso })}` : '';
      navigate(`${pagePath(PAGES.order, sale.id_venta)}${access}`, { state });
    },
    onConflict: () => {
      review.refresh();
      // Promotions, the code's uses and the shop's shipping may have changed too.
      pricing.retry();
    },
  };
}
