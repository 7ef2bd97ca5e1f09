import type { Cents, OrderSummary } from '@vitrina/shared';
import { NOTIFY_MS } from '@vitrina/shared';
import { useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { notify } from '../../../lib/notifications';
import { confirmSale } from '../api/confirm-sale';
import type { PaymentMethod } from '../api/create-payment-method';
import {
  type CheckoutReply,
  needsAction,
  type OrderLine,
  paymentReceived,
  placeOrder,
} from '../api/place-order';
import { CardPaymentError, type CardPayments } from '../utils/card-payments';
import type { ShippingChoice } from './use-shipping-address';

export interface Order {
  lines: readonly OrderLine[];
  /** Subtotal and shipping, as the cart shows them. */
  totalCents: Cents;
  /** The shipping included in it: a refused total then says whether only the shipping changed. */
  shippingCents: Cents;
  /** The discount code the server applied in the cart's quote: the sale applies it again. */
  cupon?: string;
}

export interface PayCallbacks {
  /**
   * The server confirmed the sale, or that the card was charged and the sale is being recorded: now, and
   * only now, the cart may be emptied.
   */
  onPaid: (sale: OrderSummary) => void;
  /** 409: prices or stock changed; the page refreshes its lines (the cart stays as it is). */
  onConflict?: () => void;
  /** The shipping address to send, or undefined after its fields showed what to fix. */
  readAddress: () => ShippingChoice | undefined;
}

export interface PayCartOptions<TCard> extends PayCallbacks {
  /** The provider's steps: the card → a payment method, and the bank's extra step. */
  payments: CardPayments<TCard>;
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
 * Pays an order with a card, whatever the provider: card → payment method (`payments`) → POST /api/venta
 * (idempotent) → on a 202 the bank's extra step (`payments`) and POST /api/venta/:id/confirmar → the sale
 * (or a 202 saying the payment was received and the sale is being recorded, handled as paid).
 * Errors leave the cart untouched and come back as a message to show (or the card fields refused).
 * `TCard` is what the form hands over; it identifies the attempt, so it must change with the card.
 */
export function usePayCart<TCard>({ onPaid, onConflict, readAddress, payments }: PayCartOptions<TCard>) {
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<Attempt | null>(null);

  const succeed = (sale: CheckoutReply) => {
    attempt.current = null;
    // Charged but not recorded yet: not an error, and paying again would buy twice.
    if (paymentReceived(sale)) {
      notify({ title: 'Pago recibido', text: sale.pago_recibido.message, icon: 'success', timer: NOTIFY_MS });
    } else {
      notify({ title: 'Completo', text: 'Gracias por tu compra!', icon: 'success', timer: NOTIFY_MS });
    }
    onPaid(sale);
  };

  /** Returns the card fields the provider refused, if any; any other problem is in `error`. */
  const pay = async (card: TCard, order: Order): Promise<Record<string, string> | undefined> => {
    if (paying) return undefined;
    const address = readAddress();
    if (!address) return undefined;
    const signature = JSON.stringify([card, order.lines, order.totalCents, order.cupon, address]);
    if (attempt.current?.signature !== signature) {
      attempt.current = { signature, key: newIdempotencyKey() };
    }
    const current = attempt.current;
    setPaying(true);
    setError(null);
    try {
      current.method ??= await payments.createPaymentMethod(card);
      let reply: CheckoutReply = await placeOrder(
        {
          lines: order.lines,
          id_pago: current.method.id_pago,
          totalCents: order.totalCents,
          shippingCents: order.shippingCents,
          ...(order.cupon && { cupon: order.cupon }),
          ...address,
        },
        current.key,
      );
      if (needsAction(reply)) {
        await payments.handleNextAction(reply.requiere_accion.client_secret, {
          totalCents: order.totalCents,
          method: current.method,
        });
        // Whatever the step's outcome, the server asks the provider: 200 paid, 402 declined.
        reply = await confirmSale(reply.id_venta, reply.acceso);
        if (needsAction(reply)) {
          attempt.current = null;
          setError(STILL_PENDING);
          return undefined;
        }
      }
      succeed(reply);
      return undefined;
    } catch (caught) {
      if (caught instanceof CardPaymentError) {
        // Refused by the provider before anything reached our server: the next try is a new attempt.
        attempt.current = null;
        if (caught.fields) return { ...caught.fields };
        setError(caught.message);
        return undefined;
      }
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

  return { pay, paying, error };
}
