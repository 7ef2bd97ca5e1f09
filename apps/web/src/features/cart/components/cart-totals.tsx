import { formatMoney, fromCents } from '@vitrina/shared';
import type { CartReview } from '../utils/cart-review';
import styles from './cart-totals.module.css';

/** Articles and money of what can be paid now (SPEC §2: totals of articles and money). */
export function CartTotals({ review }: { review: CartReview }) {
  const excluded = review.lines.some((l) => l.status === 'unavailable');
  return (
    <div className={styles.totals}>
      <dl>
        <div>
          <dt>Artículos</dt>
          <dd>{review.articles}</dd>
        </div>
        <div className={styles.total}>
          <dt>Total</dt>
          <dd>{formatMoney(fromCents(review.totalCents))}</dd>
        </div>
      </dl>
      {excluded && <p className={styles.note}>Los productos que ya no están disponibles no se cuentan.</p>}
    </div>
  );
}
