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
 * and again when paying. It is stored with the order, so changing it here does not change the profile.
 */
export function ShippingAddressFields({ address }: { address: ShippingAddress }) {
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
    </div>
  );
}
