import {
  type DireccionEnvio,
  direccionEnvioSchema,
  type Guest,
  guestSchema,
  knownAddress,
  knownPhone,
  type SessionUser,
  SHIPPING_MESSAGES,
  type ShippingMethod,
} from '@vitrina/shared';
import { useEffect, useRef, useState } from 'react';
import { useGuestCartOwner } from '../../../lib/guest-cart';
import { useSession } from '../../../lib/session';
import { useShopCurrency } from '../../../lib/shop-money';

export type AddressField = keyof Required<DireccionEnvio>;
const ADDRESS_FIELDS: readonly AddressField[] = ['nombre', 'direccion', 'region', 'telefono'];

type Values = Record<AddressField, string>;
type Errors = Partial<Record<AddressField, string>>;

/**
 * The profile's name, address and phone, as a start. A Google account's placeholders ('Aun no ha sido
 * asiganada', '5500000000') mean "not filled in yet": they are left empty for the shopper to write.
 */
function addressFromProfile(user: SessionUser | null): Values {
  if (!user) return { nombre: '', direccion: '', region: '', telefono: '' };
  return {
    nombre: `${user.primer_nombre} ${user.primer_apellido}`.trim(),
    direccion: knownAddress(user.direccion) ?? '',
    region: '',
    telefono: knownPhone(user.telefono) ?? '',
  };
}

/**
 * What the checkout sends of its shipping: delivery to the address (and whether to keep it in the
 * profile), or pickup at the store with no address.
 */
export interface ShippingChoice {
  metodo_envio: ShippingMethod;
  direccion_envio?: DireccionEnvio;
  guardar_direccion: boolean;
  /** A visitor buying without an account: who buys (decision 085). */
  invitado?: Guest;
}

export type GuestField = keyof Guest;
const GUEST_FIELDS: readonly GuestField[] = ['email', 'nombre'];

/** A visitor's e-mail and name, asked before the address: the order's messages go to that e-mail. */
export interface GuestBuyer {
  values: Record<GuestField, string>;
  errors: Partial<Record<GuestField, string>>;
  inputs: { current: Partial<Record<GuestField, HTMLInputElement | null>> };
  change(field: GuestField, value: string): void;
  check(field: GuestField): void;
}

export interface ShippingAddress {
  /** Delivered to the address, or picked up at the store (when the shop offers it). */
  method: ShippingMethod;
  setMethod(method: ShippingMethod): void;
  values: Values;
  /** The typed address or phone is not the profile's: offer to keep it there. */
  offerToSave: boolean;
  save: boolean;
  setSave(save: boolean): void;
  errors: Errors;
  /** The fields' inputs, to focus the first one to fix. */
  inputs: { current: Partial<Record<AddressField, HTMLInputElement | HTMLSelectElement | null>> };
  change(field: AddressField, value: string): void;
  /** Checks one field when the shopper leaves it. */
  check(field: AddressField): void;
  /** What to send, or undefined after showing on the fields what to fix (the first one focused). */
  read(): ShippingChoice | undefined;
  /** Signed out: the visitor's e-mail and name; null for an account. */
  guest: GuestBuyer | null;
}

function guestProblems(values: Record<GuestField, string>): Partial<Record<GuestField, string>> {
  const parsed = guestSchema.safeParse(values);
  if (parsed.success) return {};
  const found: Partial<Record<GuestField, string>> = {};
  for (const issue of parsed.error.issues) found[issue.path[0] as GuestField] ??= issue.message;
  return found;
}

/**
 * The visitor's e-mail and name, starting from those their saved cart remembers (typed at an earlier
 * checkout, or brought by the reminder's link; decision 095), once the page runs in the browser.
 */
function useGuestBuyer(): GuestBuyer & { read(): Guest | undefined } {
  const [values, setValues] = useState<Record<GuestField, string>>({ email: '', nombre: '' });
  const [errors, setErrors] = useState<Partial<Record<GuestField, string>>>({});
  const inputs = useRef<Partial<Record<GuestField, HTMLInputElement | null>>>({});
  const owner = useGuestCartOwner();
  useEffect(() => {
    if (owner)
      setValues((current) =>
        current.email === '' ? { email: owner.email, nombre: owner.nombre ?? current.nombre } : current,
      );
  }, [owner]);
  return {
    values,
    errors,
    inputs,
    change(field, value) {
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field])
        setErrors((current) => ({
          ...current,
          [field]: guestProblems({ ...values, [field]: value })[field],
        }));
    },
    check(field) {
      setErrors((current) => ({ ...current, [field]: guestProblems(values)[field] }));
    },
    read() {
      const parsed = guestSchema.safeParse(values);
      if (parsed.success) {
        setErrors({});
        return parsed.data;
      }
      const found = guestProblems(values);
      setErrors(found);
      const first = GUEST_FIELDS.find((field) => found[field]);
      if (first) inputs.current[first]?.focus();
      return undefined;
    },
  };
}

/** The order's shipping address (who receives it, where, a phone), checked with the shared rules. */
export function useShippingAddress(): ShippingAddress {
  const { user } = useSession();
  const currency = useShopCurrency();
  const [method, setMethod] = useState<ShippingMethod>('domicilio');
  const [values, setValues] = useState<Values>(() => addressFromProfile(user));
  const profile = addressFromProfile(user);
  const offerToSave =
    user !== null && (values.direccion.trim() !== profile.direccion || values.telefono !== profile.telefono);
  // A profile without an address (a Google account's first purchase) keeps the one typed unless unticked.
  const [save, setSave] = useState(() => profile.direccion === '' || profile.telefono === '');
  const [errors, setErrors] = useState<Errors>({});
  const inputs = useRef<Partial<Record<AddressField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const guest = useGuestBuyer();

  // The server prices the shipping from the region: the form asks for one (the API still takes none).
  const problems = (current: Values): Errors => {
    const found: Errors = current.region === '' ? { region: SHIPPING_MESSAGES.regionRequired(currency) } : {};
    const parsed = direccionEnvioSchema.safeParse(current);
    if (parsed.success) return found;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as AddressField;
      found[field] ??= issue.message;
    }
    return found;
  };

  return {
    method,
    setMethod,
    values,
    offerToSave,
    save,
    setSave,
    errors,
    inputs,
    change(field, value) {
      setValues((current) => ({ ...current, [field]: value }));
      // A shown error goes away as soon as the value is fine.
      if (errors[field])
        setErrors((current) => ({ ...current, [field]: problems({ ...values, [field]: value })[field] }));
    },
    check(field) {
      setErrors((current) => ({ ...current, [field]: problems(values)[field] }));
    },
    guest: user ? null : guest,
    read() {
      // Who buys comes first on the form: its problems are shown and focused first.
      const invitado = user ? undefined : guest.read();
      if (!user && !invitado) return undefined;
      const buyer = invitado ? { invitado } : {};
      if (method === 'retiro') {
        setErrors({});
        return { metodo_envio: 'retiro', guardar_direccion: false, ...buyer };
      }
      const found = problems(values);
      const parsed = direccionEnvioSchema.safeParse(values);
      if (parsed.success && Object.keys(found).length === 0) {
        setErrors({});
        return {
          metodo_envio: 'domicilio',
          direccion_envio: parsed.data,
          guardar_direccion: offerToSave && save,
          ...buyer,
        };
      }
      setErrors(found);
      const first = ADDRESS_FIELDS.find((field) => found[field]);
      if (first) inputs.current[first]?.focus();
      return undefined;
    },
  };
}
