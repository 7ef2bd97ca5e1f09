import { useId } from 'react';
import formStyles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import type { AddressField, ShippingAddress } from '../hooks/use-shipping-address';
import styles from './shipping-address-fields.module.css';

const FIELDS: Record<
  AddressField,
  { label: string; autoComplete: string; type?: string; inputMode?: 'numeric'; hint?: string }
> = {
  nombre: { label: 'Nombre de quien recibe', autoComplete: 'shipping name' },
  direccion: {
    label: 'Dirección de entrega',
    autoComplete: 'shipping street-address',
    hint: 'Calle, número, colonia y ciudad.',
  },
  telefono: {
    label: 'Teléfono de contacto',
    autoComplete: 'shipping tel',
    type: 'tel',
    inputMode: 'numeric',
    hint: 'Solo números; la paquetería llama a este número si hace falta.',
  },
};

/**
 * Who receives the order and where (required): prefilled from the profile, checked when a field is left
 * and again when paying. It is stored with the order; the profile changes only when the shopper ticks
 * 'Guardar en mi perfil', offered when the address or phone typed is not the profile's.
 */
export function ShippingAddressFields({ address }: { address: ShippingAddress }) {
  const saveId = useId();
  return (
    <div className={styles.fields}>
      {(Object.keys(FIELDS) as AddressField[]).map((field) => {
        const { hint, ...input } = FIELDS[field];
        return (
          <TextField
            key={field}
            ref={(element) => {
              address.inputs.current[field] = element;
            }}
            name={field}
            required
            hint={hint}
            {...input}
            value={address.values[field]}
            error={address.errors[field]}
            onChange={(event) => address.change(field, event.target.value)}
            onBlur={() => address.check(field)}
          />
        );
      })}
      {address.offerToSave && (
        <div className={formStyles.checkbox}>
          <input
            id={saveId}
            type="checkbox"
            checked={address.save}
            onChange={(event) => address.setSave(event.target.checked)}
          />
          <label htmlFor={saveId}>
            Guardar esta dirección y teléfono en mi perfil para la próxima compra
          </label>
        </div>
      )}
    </div>
  );
}
