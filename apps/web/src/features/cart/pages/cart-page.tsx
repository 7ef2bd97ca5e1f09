import { PAGES } from '@vitrina/shared';
import { useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { LegalNotice } from '../../../components/legal-notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CustomerOnly } from '../../auth';
import { CheckoutPanel, ShippingAddressFields, usePaymentHeading, useShippingAddress } from '../../checkout';
import { CartItemCard } from '../components/cart-item-card';
import { CartTotals } from '../components/cart-totals';
import { CouponField } from '../components/coupon-field';
import styles from './cart-page.module.css';
import { useCartCheckout } from './use-cart-checkout';
import { useCartPricing } from './use-cart-pricing';
import { useCartReview } from './use-cart-review';
import { useCartRecovery, useRememberGuest } from './use-guest-cart';

/**
 * /carrito (SPEC §2 Cart): the lines, checked against the server, their totals and the card payment; for
 * a guest, the cart saved with the e-mail typed here, and brought back by the reminder's link (decision 095).
 */
export function CartPage() {
  useDocumentTitle(PAGES.cart.title);
  return (
    <CustomerOnly guests>
      <Cart />
    </CustomerOnly>
  );
}

function Cart() {
  const paymentHeading = usePaymentHeading();
  const review = useCartReview();
  const address = useShippingAddress();
  const pricing = useCartPricing(review, { method: address.method, region: address.values.region });
  const checkout = useCartCheckout(review, pricing, address);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useCartRecovery();
  useRememberGuest(address.guest);

  if (review.lines.length === 0) return <EmptyCart />;
  return (
    <div className={styles.page}>
      <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
        Carrito
      </h1>
      <div className={styles.layout}>
        <section className={styles.items} aria-label="Productos en el carrito">
          {review.lines.map((item) => (
            <CartItemCard
              key={`${item.line.id}:${item.line.variante ?? ''}`}
              item={item}
              onRetry={review.refresh}
              onRemoved={() => headingRef.current?.focus()}
            />
          ))}
        </section>
        <aside className={styles.aside} aria-labelledby="resumen-compra">
          <div className={styles.panel}>
            <h2 id="resumen-compra" className={styles.panelTitle}>
              Resumen
            </h2>
            <CartTotals review={review} pricing={pricing} />
            <CouponField pricing={pricing} />
          </div>
          <div className={styles.panel}>
            <h2 className={styles.panelTitle}>Entrega</h2>
            <ShippingAddressFields address={address} />
          </div>
          <div className={styles.panel}>
            <h2 className={styles.panelTitle}>{paymentHeading}</h2>
            <CheckoutPanel {...checkout} />
            <LegalNotice action="pagar" className={styles.legal} />
          </div>
        </aside>
      </div>
    </div>
  );
}

export function EmptyCart() {
  return (
    <div className={styles.empty}>
      <h1 className={styles.heading}>Carrito</h1>
      <p>Añade productos al carrito</p>
      <Link to="/products/todos" className={buttonClass('primary')}>
        Ver productos
      </Link>
    </div>
  );
}
