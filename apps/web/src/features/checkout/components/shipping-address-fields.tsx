import { SHIPPING_METHOD_LABELS, type ShippingSettingsAnswer } from '@vitrina/shared';
import { useId } from 'react';
import { Field } from '../../../components/field';
import formStyles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import { useShippingOptions } from '../../../lib/shipping-options';
import type { AddressField, GuestBuyer, ShippingAddress } from '../hooks/use-shipping-address';
import pickerStyles from './method-picker.module.css';
import styles from './shipping-address-fields.module.css';

type TextAddressField = Exclude<AddressField, 'region'>;

const FIELDS: Record<
  TextAddressField,
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
 * Delivery or pickup at the store (when the shop offers it), then who receives the order and where
 * (required for delivery): prefilled from the profile, checked when a field is left and again when paying.
 * The state or province comes from the country's list: the server prices the shipping from it. The
 * address is stored with the order; the profile changes only when the shopper ticks 'Guardar en mi
 * perfil', offered when the address or phone typed is not the profile's.
 */
export function ShippingAddressFields({ address }: { address: ShippingAddress }) {
  const saveId = useId();
  const options = useShippingOptions().data;
  const pickup = options?.retiro.activo ? options.retiro : null;
  const delivery = !pickup || address.method === 'domicilio';
  return (
    <div className={styles.fields}>
      {address.guest && <GuestFields guest={address.guest} />}
      {pickup && (
        <fieldset className={pickerStyles.picker}>
          <legend className={pickerStyles.legend}>¿Cómo recibes tu pedido?</legend>
          <label className={pickerStyles.option}>
            <input
              type="radio"
              name="metodo_envio"
              value="domicilio"
              checked={address.method === 'domicilio'}
              onChange={() => address.setMethod('domicilio')}
            />
            <span className={pickerStyles.name}>{SHIPPING_METHOD_LABELS.domicilio}</span>
          </label>
          <label className={pickerStyles.option}>
            <input
              type="radio"
              name="metodo_envio"
              value="retiro"
              checked={address.method === 'retiro'}
              onChange={() => address.setMethod('retiro')}
            />
            <span className={pickerStyles.name}>{SHIPPING_METHOD_LABELS.retiro} (sin costo de envío)</span>
            <span className={pickerStyles.description}>
              {pickup.direccion}
              <br />
              Horario: {pickup.horario}
            </span>
          </label>
        </fieldset>
      )}
      {delivery && (
        <>
          {(['nombre', 'direccion'] as const).map((field) => (
            <AddressText key={field} field={field} address={address} />
          ))}
          <RegionField address={address} options={options} />
          <AddressText field="telefono" address={address} />
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
        </>
      )}
    </div>
  );
}

const GUEST_LABELS = {
  email: {
    label: 'Correo electrónico',
    autoComplete: 'email',
    type: 'email',
    hint: 'Te enviamos aquí la confirmación y el enlace para seguir tu pedido; si no terminas la compra, un solo recordatorio de tu carrito.',
  },
  nombre: { label: 'Tu nombre', autoComplete: 'name', type: 'text', hint: undefined },
} as const;

/** A visitor buys without an account (decision 085): their e-mail and name, checked with the shared rules. */
function GuestFields({ guest }: { guest: GuestBuyer }) {
  return (
    <fieldset className={styles.guest}>
      <legend className={pickerStyles.legend}>Compra sin cuenta</legend>
      {(['email', 'nombre'] as const).map((field) => (
        <TextField
          key={field}
          ref={(element) => {
            guest.inputs.current[field] = element;
          }}
          name={field === 'email' ? 'email' : 'comprador'}
          required
          {...GUEST_LABELS[field]}
          value={guest.values[field]}
          error={guest.errors[field]}
          onChange={(event) => guest.change(field, event.target.value)}
          onBlur={() => guest.check(field)}
        />
      ))}
    </fieldset>
  );
}

function AddressText({ field, address }: { field: TextAddressField; address: ShippingAddress }) {
  const { hint, ...input } = FIELDS[field];
  return (
    <TextField
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
}

/** The state or province, from the list of the shop's country (GET /api/ajustes/envio). */
function RegionField({
  address,
  options,
}: {
  address: ShippingAddress;
  options: ShippingSettingsAnswer | undefined;
}) {
  return (
    <Field label={options?.nombre_region ?? 'Estado o provincia'} error={address.errors.region}>
      {(control) => (
        <select
          ref={(element) => {
            address.inputs.current.region = element;
          }}
          {...control}
          name="region"
          required
          autoComplete="shipping address-level1"
          value={address.values.region}
          disabled={!options}
          onChange={(event) => address.change('region', event.target.value)}
          onBlur={() => address.check('region')}
        >
          <option value="">{options ? 'Elige de la lista' : 'Cargando…'}</option>
          {options?.regiones.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
