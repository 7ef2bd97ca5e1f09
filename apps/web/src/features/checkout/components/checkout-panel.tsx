import type { Sale } from '@vitrina/shared';
import type { ReactNode } from 'react';
import { useConfig } from '../../auth';
import { type Order, usePayCart } from '../hooks/use-pay-cart';
import { CardForm } from './card-form';
import { ConfirmPaymentDialog } from './confirm-payment-dialog';
import { SandboxHint } from './sandbox-hint';

export interface CheckoutPanelProps {
  /** The lines to pay and the total the shopper sees, in cents. */
  order: Order;
  disabled?: boolean;
  disabledReason?: ReactNode;
  /** The server confirmed the sale: empty the cart, leave the page. */
  onPaid: (sale: Sale) => void;
  /** 409: refresh the lines' prices and stock. */
  onConflict?: () => void;
}

/** The card form with its payment flow and the bank's confirmation step (used by /carrito and /pay). */
export function CheckoutPanel({ order, disabled, disabledReason, onPaid, onConflict }: CheckoutPanelProps) {
  const { pay, paying, error, confirmation, answer } = usePayCart({ onPaid, onConflict });
  const config = useConfig();
  const testMode = config.data?.paymentProvider !== 'stripe';
  return (
    <>
      <CardForm
        totalCents={order.totalCents}
        disabled={disabled || order.lines.length === 0}
        disabledReason={disabledReason}
        paying={paying}
        error={error}
        onPay={(card) => pay(card, order)}
        hint={testMode ? <SandboxHint /> : undefined}
      />
      {confirmation && <ConfirmPaymentDialog pending={confirmation} onAnswer={answer} />}
    </>
  );
}
