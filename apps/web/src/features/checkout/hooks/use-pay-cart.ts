import type { CardInput, Cents, Sale } from '@vitrina/shared';
import { NOTIFY_MS } from '@vitrina/shared';
import { useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { confirmPayment } from '../api/confirm-payment';
import { confirmSale } from '../api/confirm-sale';
import { createPaymentMethod, type PaymentMethod } from '../api/create-payment-method';
import { type CheckoutReply, needsAction, type OrderLine, placeOrder } from '../api/place-order';
import { newIdempotencyKey } from '../utils/idempotency-key';

export interface Order {
  lines: readonly OrderLine[];
  totalCents: Cents;
}

/** The extra step a payment waits for (the sandbox's 3-D Secure page). */
export interface PendingConfirmation {
  totalCents: Cents;
  marca: string;
  ultimos4: string;
}

export interface PayCallbacks {
  /** The server confirmed the sale: now, and only now, the cart may be emptied. */
  onPaid: (sale: Sale) => void;
  /** 409: prices or stock changed; the page refreshes its lines (the cart stays as it is). */
  onConflict?: () => void;
}

/** One payment attempt: its idempotency key and payment method are reused when it is retried. */
interface Attempt {
  signature: string;
  key: string;
  method?: PaymentMethod;
}

const STILL_PENDING =
  'Tu pago sigue pendiente de confirmación. Revisa tu historial de compras en unos minutos antes de volver a intentarlo.';
const RETRY_SAFE = 'Puedes volver a intentarlo: no se te cobrará dos veces.';

/** A failure after which the same attempt may be sent again (nothing definitive came back). */
const isTransient = (error: unknown) => !isApiError(error) || error.status === 0 || error.status >= 500;

/**
 * Pays an order with a card: card → payment method → POST /api/venta (idempotent) → the extra step when
 * the bank asks for it → the sale. Errors leave the cart untouched and come back as a message to show
 * (or the card fields the server refused).
 */
export function usePayCart({ onPaid, onConflict }: PayCallbacks) {
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const decide = useRef<((approve: boolean) => void) | null>(null);

  const askConfirmation = (pending: PendingConfirmation) =>
    new Promise<boolean>((resolve) => {
      decide.current = resolve;
      setConfirmation(pending);
    });

  /** The shopper's answer in the confirmation dialog. */
  const answer = (approve: boolean) => {
    const resolve = decide.current;
    decide.current = null;
    setConfirmation(null);
    resolve?.(approve);
  };

  const succeed = (sale: Sale) => {
    attempt.current = null;
    notify({ title: 'Completo', text: 'Gracias por tu compra!', icon: 'success', timer: NOTIFY_MS });
    onPaid(sale);
  };

  /** Returns the card fields the provider refused (400), if any; any other problem is in `error`. */
  const pay = async (card: CardInput, order: Order): Promise<Record<string, string> | undefined> => {
    if (paying) return undefined;
    const signature = JSON.stringify([card, order.lines, order.totalCents]);
    if (attempt.current?.signature !== signature) {
      attempt.current = { signature, key: newIdempotencyKey() };
    }
    const current = attempt.current;
    setPaying(true);
    setError(null);
    try {
      current.method ??= await createPaymentMethod(card);
      let reply: CheckoutReply = await placeOrder(
        { lines: order.lines, id_pago: current.method.id_pago, totalCents: order.totalCents },
        current.key,
      );
      if (needsAction(reply)) {
        const approve = await askConfirmation({
          totalCents: order.totalCents,
          marca: current.method.marca,
          ultimos4: current.method.ultimos4,
        });
        await confirmPayment(reply.requiere_accion.client_secret, approve);
        reply = await confirmSale(reply.id_venta);
        if (needsAction(reply)) {
          attempt.current = null;
          setError(STILL_PENDING);
          return undefined;
        }
      }
      succeed(reply);
      return undefined;
    } catch (caught) {
      if (isTransient(caught)) {
        // Same attempt next time: same key, same payment method, so a sale that did go through is not repeated.
        setError(`${errorMessage(caught)} ${RETRY_SAFE}`);
        return undefined;
      }
      attempt.current = null;
      if (isApiError(caught) && caught.status === 409) onConflict?.();
      if (isApiError(caught) && caught.status === 400 && caught.fields) {
        setError(caught.message);
        return { ...caught.fields };
      }
      setError(errorMessage(caught));
      return undefined;
    } finally {
      setPaying(false);
    }
  };

  return { pay, paying, error, confirmation, answer };
}
