import { usePayCart } from '../hooks/use-pay-cart';
import { useSandboxPayments } from '../hooks/use-sandbox-payments';
import { CardForm } from './card-form';
import type { CheckoutPanelProps } from './checkout-props';
import { ConfirmPaymentDialog } from './confirm-payment-dialog';
import { SandboxHint } from './sandbox-hint';

/** The checkout with the sandbox (`paymentProvider: 'sandbox'`): our card fields, test cards, its dialog. */
export function SandboxCheckout({
  order,
  disabled,
  disabledReason,
  onPaid,
  onConflict,
  readAddress,
}: CheckoutPanelProps) {
  const { payments, confirmation, answer } = useSandboxPayments();
  const { pay, paying, error } = usePayCart({ onPaid, onConflict, readAddress, payments });
  return (
    <>
      <CardForm
        totalCents={order.totalCents}
        disabled={disabled || order.lines.length === 0}
        disabledReason={disabledReason}
        paying={paying}
        error={error}
        onPay={(card) => pay(card, order)}
        hint={<SandboxHint />}
      />
      {confirmation && <ConfirmPaymentDialog pending={confirmation} onAnswer={answer} />}
    </>
  );
}
