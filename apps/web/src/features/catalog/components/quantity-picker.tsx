import { CART_MIN_QUANTITY } from '@vitrina/shared';
import { useId } from 'react';
import { MinusIcon, PlusIcon } from '../../../components/control-icons';
import stepper from '../../../components/quantity-stepper.module.css';
import styles from './quantity-picker.module.css';

interface QuantityPickerProps {
  value: number;
  max: number;
  onChange: (value: number) => void;
  /** Called instead of going past `max` (the page explains why); without it, '+' is disabled at `max`. */
  onLimit?: () => void;
}

/** Quantity starts at 1 and never goes below 1 nor above `max`. */
export function QuantityPicker({ value, max, onChange, onLimit }: QuantityPickerProps) {
  const id = useId();
  const upper = Math.max(CART_MIN_QUANTITY, max);
  const set = (next: number) => {
    if (next > upper) onLimit?.();
    onChange(Math.min(upper, Math.max(CART_MIN_QUANTITY, next)));
  };
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={styles.label}>
        Cantidad
      </label>
      <div className={stepper.stepper}>
        <button
          type="button"
          className={stepper.step}
          aria-label="Disminuir cantidad"
          disabled={value <= CART_MIN_QUANTITY}
          onClick={() => set(value - 1)}
        >
          <MinusIcon width={18} height={18} />
        </button>
        <input
          id={id}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={CART_MIN_QUANTITY}
          max={upper}
          value={value}
          onChange={(event) => {
            const n = Number.parseInt(event.target.value, 10);
            set(Number.isNaN(n) ? CART_MIN_QUANTITY : n);
          }}
        />
        <button
          type="button"
          className={stepper.step}
          aria-label="Aumentar cantidad"
          disabled={!onLimit && value >= upper}
          onClick={() => set(value + 1)}
        >
          <PlusIcon width={18} height={18} />
        </button>
      </div>
    </div>
  );
}
