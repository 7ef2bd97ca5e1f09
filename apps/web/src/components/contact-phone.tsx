import { knownPhone } from '@vitrina/shared';

/**
 * An account's phone in a list: '—' (read 'Sin teléfono') while it is still Google sign-in's placeholder,
 * which is nobody's number.
 */
export function ContactPhone({ telefono }: { telefono: string }) {
  const phone = knownPhone(telefono);
  if (phone !== null) return phone;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Sin teléfono</span>
    </>
  );
}
