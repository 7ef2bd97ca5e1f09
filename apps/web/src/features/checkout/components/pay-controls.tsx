import type { Cents } from '@vitrina/shared';
import type { ReactNode } from 'react';
import { useShopCurrency } from '../../../lib/shop-money';
import { payLabel } from '../utils/pay-label';
import { PlaceButton } from './place-button';

export interface PayControlsProps {
  totalCents: Cents;
  /** Paying is not possible now (a line to fix, prices being checked, the card not filled in yet). */
  disabled?: boolean;
  /** Why it is not: shown under the button and linked to it. */
  disabledReason?: ReactNode;
  /** 'wait' for a reason that goes away by itself (a loading provider), not something to fix. */
  reasonTone?: 'fix' | 'wait';
  paying: boolean;
  /** The last payment problem (declined, prices changed…), shown above the button and focused. */
  error: string | null;
}

/**
 * The end of both card forms (sandbox and Stripe): the payment error, the submit button
 * 'Pagar {total} USD' (in the shop's currency), 'Procesando el pago…' while paying, and why the button is off.
 */
export function PayControls({ totalCents, paying, ...rest }: PayControlsProps) {
  const currency = useShopCurrency();
  return (
    <PlaceButton
      {...rest}
      label={payLabel(totalCents, currency)}
      busyText="Procesando el pago…"
      busy={paying}
    />
  );
}
