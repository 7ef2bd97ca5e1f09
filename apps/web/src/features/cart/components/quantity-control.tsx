import { CART_MIN_QUANTITY } from '@vitrina/shared';
import { MinusIcon, PlusIcon } from '../../../components/control-icons';
import stepper from '../../../components/quantity-stepper.module.css';
import styles from './quantity-control.module.css';

interface QuantityControlProps {
  nombre: string;
  value: number;
  onDecrease: () => void;
  onIncrease: () => void;
  /** Both buttons off (the product is unavailable). */
  disabled?: boolean;
  /** '+' off (the product is still being checked). */
  increaseDisabled?: boolean;
}

/**
 * A cart line's − value + (a group named 'Cantidad de {producto}'). '−' stops at 1; '+' asks the shared
 * rules, which refuse with SPEC's message at a limit.
 */
export function QuantityControl({
  nombre,
  value,
  onDecrease,
  onIncrease,
  disabled,
  increaseDisabled,
}: QuantityControlProps) {
  return (
    <fieldset className={`${stepper.stepper} ${styles.control}`} aria-label={`Cantidad de ${nombre}`}>
      <button
        type="button"
        className={stepper.step}
        aria-label="Disminuir cantidad"
        disabled={disabled || value <= CART_MIN_QUANTITY}
        onClick={onDecrease}
      >
        <MinusIcon width={18} height={18} />
      </button>
      <span className={styles.value} aria-live="polite" aria-atomic="true">
        <span className="visually-hidden">Cantidad: </span>
        {value}
      </span>
      <button
        type="button"
        className={stepper.step}
        aria-label="Aumentar cantidad"
        disabled={disabled || increaseDisabled}
        onClick={onIncrease}
      >
        <PlusIcon width={18} height={18} />
      </button>
    </fieldset>
  );
}
