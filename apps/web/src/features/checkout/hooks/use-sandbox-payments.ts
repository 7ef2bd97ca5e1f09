import type { CardInput, Cents } from '@vitrina/shared';
import { useRef, useState } from 'react';
import { confirmPayment } from '../api/confirm-payment';
import { createPaymentMethod } from '../api/create-payment-method';
import type { CardPayments } from '../utils/card-payments';

/** The extra step a payment waits for (the sandbox's 3-D Secure page). */
export interface PendingConfirmation {
  totalCents: Cents;
  marca: string;
  ultimos4: string;
}

/**
 * The sandbox's side of a card payment: our own card fields become a payment method through
 * POST /api/pagos/sandbox/metodos, and its extra step is a dialog (`confirmation`, answered with
 * `answer`) whose answer goes to POST /api/pagos/sandbox/confirmar.
 */
export function useSandboxPayments() {
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null);
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

  const payments: CardPayments<CardInput> = {
    createPaymentMethod,
    handleNextAction: async (clientSecret, { totalCents, method }) => {
      const approve = await askConfirmation({ totalCents, marca: method.marca, ultimos4: method.ultimos4 });
      await confirmPayment(clientSecret, approve);
    },
  };

  return { payments, confirmation, answer };
}
