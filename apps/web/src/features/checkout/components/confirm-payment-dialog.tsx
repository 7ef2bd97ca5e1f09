import { cardSummary } from '@vitrina/shared';
import { useId } from 'react';
import { Button } from '../../../components/button';
import { useModalDialog } from '../../../components/use-modal-dialog';
import { useShopCurrency } from '../../../lib/shop-money';
import type { PendingConfirmation } from '../hooks/use-sandbox-payments';
import { payAmount } from '../utils/pay-label';
import styles from './confirm-payment-dialog.module.css';

/**
 * The bank's extra step (3-D Secure), simulated by the sandbox: a modal asking to approve or reject the
 * charge. Escape counts as 'Rechazar'; focus returns to the pay button afterwards.
 */
export function ConfirmPaymentDialog({
  pending,
  onAnswer,
}: {
  pending: PendingConfirmation;
  onAnswer: (approve: boolean) => void;
}) {
  const ref = useModalDialog();
  const titleId = useId();
  const textId = useId();
  const currency = useShopCurrency();

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      <h2 id={titleId} className={styles.title}>
        Confirma tu pago
      </h2>
      <p id={textId} className={styles.text}>
        Tu banco pide que confirmes el pago de <strong>{payAmount(pending.totalCents, currency)}</strong> con
        tu tarjeta {cardSummary(pending.marca, pending.ultimos4)}.
      </p>
      <p className={styles.note}>Modo de prueba: así se ve el paso de verificación de tu banco.</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => onAnswer(false)}>
          Rechazar
        </Button>
        <Button data-autofocus="" onClick={() => onAnswer(true)}>
          Aprobar
        </Button>
      </div>
    </dialog>
  );
}
