import { priceView } from '../lib/pricing';
import { useFormatMoney } from '../lib/shop-money';
import styles from './price.module.css';

export interface PriceProps {
  valor: number;
  valorDescuento: number | null;
  size?: 'md' | 'lg';
  /** Show the '-N%' badge next to the prices (cards draw it over the image instead). */
  showBadge?: boolean;
  /** The lowest of prices that differ (a product's variants): 'Desde $…'. */
  from?: boolean;
}

/** The price the shopper pays and, when discounted, the regular price struck through. */
export function Price({ valor, valorDescuento, size = 'md', showBadge = false, from = false }: PriceProps) {
  const view = priceView(valor, valorDescuento);
  const formatMoney = useFormatMoney();
  return (
    <p className={`${styles.price} ${size === 'lg' ? styles.lg : ''}`}>
      <span className={styles.final}>
        {view.percent !== null && <span className="visually-hidden">Precio con descuento: </span>}
        {from && 'Desde '}
        {formatMoney(view.final)}
      </span>
      {view.percent !== null && (
        <>
          <s className={styles.regular}>
            <span className="visually-hidden">Precio normal: </span>
            {formatMoney(view.regular)}
          </s>
          {showBadge && <DiscountBadge percent={view.percent} />}
        </>
      )}
    </p>
  );
}

export function DiscountBadge({ percent, className }: { percent: number; className?: string }) {
  return (
    <span className={`${styles.badge} ${className ?? ''}`}>
      <span aria-hidden="true">-{percent}%</span>
      <span className="visually-hidden">{percent}% de descuento</span>
    </span>
  );
}
