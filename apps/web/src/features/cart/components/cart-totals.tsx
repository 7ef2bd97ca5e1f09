import { fromCents } from '@vitrina/shared';
import { Button } from '../../../components/button';
import { useFormatMoney } from '../../../lib/shop-money';
import type { CartPricing } from '../pages/use-cart-pricing';
import type { CartReview } from '../utils/cart-review';
import styles from './cart-totals.module.css';

/**
 * Articles and money of what can be paid now (SPEC §2: totals of articles and money), as the server quoted
 * them: the subtotal, what promotions and the code take off, the shipping, and the total that
 * 'Pagar {total} USD' charges.
 */
export function CartTotals({ review, pricing }: { review: CartReview; pricing: CartPricing }) {
  const formatMoney = useFormatMoney();
  const money = (cents: number) => formatMoney(fromCents(cents));
  const excluded = review.lines.some((l) => l.status === 'unavailable');
  const pending = pricing.error ? 'Sin calcular' : 'Calculando…';
  const missing =
    pricing.freeFromCents !== null &&
    pricing.cents !== null &&
    pricing.cents > 0 &&
    pricing.subtotalCents !== null
      ? pricing.freeFromCents - (pricing.subtotalCents - pricing.discountCents)
      : null;
  const promotions = pricing.quote?.promociones.map((p) => p.codigo).join(', ');
  return (
    <div className={styles.totals} aria-busy={pricing.loading || undefined}>
      <dl>
        <div>
          <dt>Artículos</dt>
          <dd>{review.articles}</dd>
        </div>
        <div>
          <dt>Subtotal</dt>
          <dd>{pricing.subtotalCents === null ? pending : money(pricing.subtotalCents)}</dd>
        </div>
        {pricing.discountCents > 0 && (
          <div>
            <dt>Descuento{promotions ? ` (${promotions})` : ''}</dt>
            <dd>−{money(pricing.discountCents)}</dd>
          </div>
        )}
        <div>
          <dt>Envío</dt>
          <dd>{pricing.cents === null ? pending : pricing.cents === 0 ? 'Gratis' : money(pricing.cents)}</dd>
        </div>
        <div className={styles.total}>
          <dt>Total</dt>
          <dd>{pricing.totalCents === null ? '—' : money(pricing.totalCents)}</dd>
        </div>
      </dl>
      {missing !== null && missing > 0 && (
        <p className={styles.note}>Te faltan {money(missing)} para el envío gratis.</p>
      )}
      {Boolean(pricing.error) && (
        <p className={styles.note} role="alert">
          No pudimos calcular el total.{' '}
          <Button variant="ghost" onClick={pricing.retry}>
            Reintentar
          </Button>
        </p>
      )}
      {excluded && <p className={styles.note}>Los productos que ya no están disponibles no se cuentan.</p>}
    </div>
  );
}
