import {
  fromCents,
  type LaterPaymentMethod,
  NOTIFY_MS,
  type OrderSummary,
  PAYMENT_METHOD_NAMES,
} from '@vitrina/shared';
import { type FormEvent, useRef, useState } from 'react';
import formStyles from '../../../components/form.module.css';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { notify } from '../../../lib/notifications';
import { useFormatMoney } from '../../../lib/shop-money';
import { placePendingOrder } from '../api/place-pending-order';
import type { CheckoutPanelProps } from './checkout-props';
import { PlaceButton } from './place-button';

/** What the shopper reads before confirming an order paid later. */
const WHAT_HAPPENS: Record<LaterPaymentMethod, string> = {
  transferencia:
    'Al confirmar, apartamos tus productos y te mostramos los datos para la transferencia. Enviamos tu pedido cuando recibamos el pago.',
  contra_entrega: 'Al confirmar, apartamos tus productos. Pagas el total cuando recibas o recojas tu pedido.',
  mercadopago: 'Al confirmar, te llevamos a Mercado Pago para completar el pago.',
};

/**
 * The checkout of a method paid later: no card, one button. The order is placed 'pendiente_pago' and the
 * shopper lands on its page, which says how to pay and until when (Mercado Pago: its own page first).
 */
export function LaterPaymentForm({
  method,
  order,
  disabled,
  disabledReason,
  onPaid,
  onConflict,
  readAddress,
}: CheckoutPanelProps & { method: LaterPaymentMethod }) {
  const formatMoney = useFormatMoney();
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per attempt, kept when a network error makes the shopper try again.
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (placing) return;
    const address = readAddress();
    if (!address) return;
    const signature = JSON.stringify([method, order.lines, order.totalCents, order.cupon, address]);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    setPlacing(true);
    setError(null);
    try {
      const placed = await placePendingOrder(
        {
          metodo_pago: method,
          lines: order.lines,
          totalCents: order.totalCents,
          shippingCents: order.shippingCents,
          ...(order.cupon && { cupon: order.cupon }),
          ...address,
        },
        attempt.current.key,
      );
      attempt.current = null;
      if (placed.redirect_url) {
        window.location.assign(placed.redirect_url);
        return;
      }
      notify({
        title: 'Pedido registrado',
        text: 'Te enviamos por correo cómo pagarlo.',
        icon: 'success',
        timer: NOTIFY_MS,
      });
      onPaid(placed as OrderSummary);
    } catch (caught) {
      if (isApiError(caught) && caught.status >= 400 && caught.status < 500) attempt.current = null;
      if (isApiError(caught) && caught.status === 409) onConflict?.();
      setError(errorMessage(caught));
    } finally {
      setPlacing(false);
    }
  };

  return (
    <form
      className={formStyles.form}
      noValidate
      aria-label={`Pago con ${PAYMENT_METHOD_NAMES[method]}`}
      onSubmit={onSubmit}
    >
      <p>{WHAT_HAPPENS[method]}</p>
      <PlaceButton
        label={`Confirmar pedido por ${formatMoney(fromCents(order.totalCents))}`}
        busyText="Registrando tu pedido…"
        disabled={disabled || order.lines.length === 0}
        disabledReason={disabledReason}
        busy={placing}
        error={error}
      />
    </form>
  );
}
