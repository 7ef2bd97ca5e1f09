import { fromCents, lineName, PAGES } from '@vitrina/shared';
import { Link } from 'react-router';
import { LegalNotice } from '../../../components/legal-notice';
import { useFormatMoney } from '../../../lib/shop-money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CustomerOnly } from '../../auth';
import { CheckoutPanel, ShippingAddressFields, usePaymentHeading, useShippingAddress } from '../../checkout';
import { CartTotals } from '../components/cart-totals';
import { CouponField } from '../components/coupon-field';
import { EmptyCart } from './cart-page';
import styles from './cart-page.module.css';
import { useCartCheckout } from './use-cart-checkout';
import { useCartPricing } from './use-cart-pricing';
import { useCartReview } from './use-cart-review';
import { useRememberGuest } from './use-guest-cart';

/** /pay (SPEC §2): the card form for the current cart, with a short summary of what is paid. */
export function PayPage() {
  useDocumentTitle(PAGES.pay.title);
  return (
    <CustomerOnly guests>
      <Pay />
    </CustomerOnly>
  );
}

function Pay() {
  const paymentHeading = usePaymentHeading();
  const review = useCartReview();
  const address = useShippingAddress();
  const pricing = useCartPricing(review, { method: address.method, region: address.values.region });
  const checkout = useCartCheckout(review, pricing, address);
  const formatMoney = useFormatMoney();
  useRememberGuest(address.guest);
  if (review.lines.length === 0) return <EmptyCart />;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Pago</h1>
      <div className={styles.layout}>
        <section className={styles.panel} aria-labelledby="pago-tarjeta">
          <h2 className={styles.panelTitle}>Entrega</h2>
          <ShippingAddressFields address={address} />
          <h2 id="pago-tarjeta" className={styles.panelTitle}>
            {paymentHeading}
          </h2>
          <CheckoutPanel {...checkout} />
          <LegalNotice action="pagar" className={styles.legal} />
        </section>
        <aside className={styles.panel} aria-labelledby="resumen-compra">
          <h2 id="resumen-compra" className={styles.panelTitle}>
            Resumen
          </h2>
          <ul className={styles.summary}>
            {review.payable.map(({ line, nombre, etiqueta, subtotalCents }) => (
              <li key={`${line.id}:${line.variante ?? ''}`}>
                <span>
                  {lineName(nombre, etiqueta)} × {line.cantidad}
                </span>
                <span>{formatMoney(fromCents(subtotalCents ?? 0))}</span>
              </li>
            ))}
          </ul>
          <CartTotals review={review} pricing={pricing} />
          <CouponField pricing={pricing} />
          {review.blocked && (
            <p className={styles.notice}>
              Hay productos por revisar en tu carrito. <Link to="/carrito">Revisar el carrito</Link>
            </p>
          )}
          <Link to="/carrito">Volver al carrito</Link>
        </aside>
      </div>
    </div>
  );
}
