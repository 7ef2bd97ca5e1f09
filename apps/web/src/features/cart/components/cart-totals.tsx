import { fromCents } from '@vitrina/shared';
import { Button } from '../../../components/button';
import { useFormatMoney } from '../../../lib/shop-money';
import type { CartShipping } from '../pages/use-cart-shipping';
import type { CartReview } from '../utils/cart-review';
import styles from './cart-totals.module.css';

/**
 * Articles and money of what can be paid now (SPEC §2: totals of articles and money): the subtotal, the
 * shipping the shop charges for it, and the total that 'Pagar {total} USD' charges.
 */
export function CartTotals({ review, shipping }: { review: CartReview; shipping: CartShipping }) {
  const formatMoney = useFormatMoney();
  const money = (cents: number) => formatMoney(fromCents(cents));
  const excluded = review.lines.some((l) => l.status === 'unavailable');
  const missing =
    shipping.freeFromCents !== null && shipping.cents !== 0
      ? shipping.freeFromCents - review.totalCents
      : null;
  return (
    <div className={styles.totals}>
      <dl>
        <div>
          <dt>Artículos</dt>
          <dd>{review.articles}</dd>
        </div>
        <div>
          <dt>Subtotal</dt>
          <dd>{money(review.totalCents)}</dd>
        </div>
        <div>
          <dt>Envío</dt>
          <dd>
            {shipping.cents === null
              ? shipping.error
                ? 'Sin calcular'
                : 'Calculando…'
              : shipping.cents === 0
                ? 'Gratis'
                : money(shipping.cents)}
          </dd>
        </div>
        <div className={styles.total}>
          <dt>Total</dt>
          <dd>{shipping.cents === null ? '—' : money(review.totalCents + shipping.cents)}</dd>
        </div>
      </dl>
      {missing !== null && missing > 0 && (
        <p className={styles.note}>Te faltan {money(missing)} para el envío gratis.</p>
      )}
      {Boolean(shipping.error) && (
        <p className={styles.note} role="alert">
          No pudimos calcular el envío.{' '}
          <Button variant="ghost" onClick={shipping.retry}>
            Reintentar
          </Button>
        </p>
      )}
      {excluded && <p className={styles.note}>Los productos que ya no están disponibles no se cuentan.</p>}
    </div>
  );
}
