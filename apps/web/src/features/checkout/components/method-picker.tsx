import type { EnabledPaymentMethod, PaymentMethod } from '@vitrina/shared';
import styles from './method-picker.module.css';

/** The enabled payment methods as radio buttons, in the owner's order, each with the owner's description. */
export function MethodPicker({
  methods,
  value,
  onChange,
}: {
  methods: readonly EnabledPaymentMethod[];
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>Medio de pago</legend>
      {methods.map((method) => (
        <label key={method.id} className={styles.option}>
          <input
            type="radio"
            name="metodo_pago"
            value={method.id}
            checked={value === method.id}
            onChange={() => onChange(method.id)}
          />
          <span className={styles.name}>{method.nombre}</span>
          {method.descripcion && <span className={styles.description}>{method.descripcion}</span>}
        </label>
      ))}
    </fieldset>
  );
}
