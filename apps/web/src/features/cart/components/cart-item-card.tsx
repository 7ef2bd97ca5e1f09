import { fromCents, lineName, VARIANT_PARAM } from '@vitrina/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { WarningIcon } from '../../../components/notify-icons';
import { useFormatMoney } from '../../../lib/shop-money';
import { acceptCartPrice, decreaseCartLine, removeCartLine, setCartQuantity } from '../store/cart-store';
import type { ReviewedLine } from '../utils/cart-review';
import styles from './cart-item-card.module.css';
import { QuantityControl } from './quantity-control';

interface CartItemCardProps {
  item: ReviewedLine;
  onRetry: () => void;
  /** After 'Eliminar', so the page can move focus somewhere sensible. */
  onRemoved: () => void;
}

/**
 * One cart line (an article named by its product and its variant): image, name, variant, unit price,
 * quantity, subtotal and 'Eliminar', with what changed since it was added. Nothing changes without the
 * shopper's click.
 */
export function CartItemCard({ item, onRetry, onRemoved }: CartItemCardProps) {
  const nameId = useId();
  const formatMoney = useFormatMoney();
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(fromCents(cents)));
  const { line, product, sold, status } = item;
  const unavailable = status === 'unavailable';
  const rulesProduct = product &&
    sold && {
      id_producto: product.id_producto,
      nombre: product.nombre,
      stock: sold.stock,
      id_variante: sold.id_variante,
      etiqueta: sold.etiqueta,
    };
  const link = `/products/${line.id}${line.variante === undefined ? '' : `?${VARIANT_PARAM}=${line.variante}`}`;

  const decrease = () => decreaseCartLine(line);
  const increase = () => {
    if (rulesProduct) setCartQuantity(rulesProduct, line.cantidad + 1);
  };
  const remove = () => {
    removeCartLine(line);
    onRemoved();
  };

  return (
    <article className={`${styles.card} ${unavailable ? styles.unavailable : ''}`} aria-labelledby={nameId}>
      <div className={styles.media}>
        {item.imagen && <img src={item.imagen} alt="" width={120} height={120} loading="lazy" />}
      </div>
      <div className={styles.body}>
        <h2 id={nameId} className={styles.name}>
          <Link to={link}>{item.nombre}</Link>
        </h2>
        {item.etiqueta && (
          <p className={styles.variant}>
            {item.etiqueta}
            {sold?.sku && <span className={styles.sku}> · SKU {sold.sku}</span>}
          </p>
        )}
        <p className={styles.unit}>
          Precio unitario: <strong>{money(item.unitCents)}</strong>
        </p>

        {status === 'checking' && <p className={styles.checking}>Comprobando precio y existencias…</p>}
        {unavailable && (
          <p className={`${styles.flag} ${styles.danger}`}>
            <WarningIcon width={18} height={18} />
            <span>
              <strong>Ya no está disponible</strong>. Elimínalo para poder pagar.
            </span>
          </p>
        )}
        {status === 'error' && (
          <div className={`${styles.flag} ${styles.danger}`}>
            <WarningIcon width={18} height={18} />
            <span>No pudimos comprobar este producto.</span>
            <Button variant="ghost" onClick={onRetry}>
              Reintentar
            </Button>
          </div>
        )}
        {item.previousCents !== null && !unavailable && (
          <div className={`${styles.flag} ${styles.warning}`}>
            <WarningIcon width={18} height={18} />
            <span>
              El precio cambió: antes {money(item.previousCents)}, ahora {money(item.unitCents)}
            </span>
            <Button
              variant="ghost"
              onClick={() => item.unitCents !== null && acceptCartPrice(line, item.unitCents)}
            >
              Aceptar nuevo precio
            </Button>
          </div>
        )}
        {item.stockLeft !== null && rulesProduct && (
          <div className={`${styles.flag} ${styles.danger}`}>
            <WarningIcon width={18} height={18} />
            <span>
              Solo quedan {item.stockLeft} {item.stockLeft === 1 ? 'unidad' : 'unidades'}.
            </span>
            <Button variant="ghost" onClick={() => setCartQuantity(rulesProduct, item.stockLeft ?? 1)}>
              Ajustar a {item.stockLeft}
            </Button>
          </div>
        )}

        <div className={styles.footer}>
          <QuantityControl
            nombre={lineName(item.nombre, item.etiqueta)}
            value={line.cantidad}
            disabled={unavailable}
            increaseDisabled={status !== 'ok'}
            onDecrease={decrease}
            onIncrease={increase}
          />
          <p className={styles.subtotal}>
            Subtotal: <strong>{unavailable ? '—' : money(item.subtotalCents)}</strong>
          </p>
          <Button variant="ghost" className={styles.remove} onClick={remove}>
            Eliminar
          </Button>
        </div>
      </div>
    </article>
  );
}
