import { type EnabledPaymentMethod, PAYMENT_METHOD_NAMES, type PaymentMethod } from '@vitrina/shared';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { useConfig } from '../../../lib/shop-config';
import { usePaymentMethods } from '../api/get-payment-methods';
import type { CheckoutPanelProps } from './checkout-props';
import { LaterPaymentForm } from './later-payment-form';
import { MethodPicker } from './method-picker';
import { PaymentUnavailable } from './payment-unavailable';
import { SandboxCheckout } from './sandbox-checkout';
import { StripeCheckout } from './stripe-checkout';

/**
 * What the checkout offers until the methods arrive, or when they cannot be read: the card, as always. The
 * card form does not wait for them, so a shop with the card alone shows its checkout as it always did.
 */
const CARD_ONLY: readonly EnabledPaymentMethod[] = [
  { id: 'tarjeta', nombre: PAYMENT_METHOD_NAMES.tarjeta, descripcion: '' },
];

/**
 * The payment of /carrito and /pay: the methods the owner enabled (Ajustes › Pagos), and the chosen one's
 * form. With the card alone, the page is the card form it always was: the sandbox's own card form, or
 * Stripe's card element (whose code and Stripe.js are lazy chunks, fetched only in stripe mode). Nothing
 * can be paid until the provider is known and loaded (SPEC §5).
 */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const config = useConfig();
  const methods = usePaymentMethods();
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  if (config.isPending) return <Loader label="Cargando el formulario de pago…" />;
  if (config.isError) {
    return (
      <LoadError
        what="el sistema de pago"
        error={config.error}
        onRetry={config.refetch}
        retrying={config.isFetching}
      />
    );
  }
  const enabled = methods.data?.length ? methods.data : CARD_ONLY;
  const selected = enabled.find((m) => m.id === chosen)?.id ?? enabled[0]?.id ?? 'tarjeta';
  return (
    <>
      {enabled.length > 1 && <MethodPicker methods={enabled} value={selected} onChange={setChosen} />}
      {selected === 'tarjeta' ? (
        <CardCheckout
          provider={config.data.paymentProvider}
          publishableKey={config.data.stripePublishableKey}
          {...props}
        />
      ) : (
        <LaterPaymentForm method={selected} {...props} />
      )}
    </>
  );
}

function CardCheckout({
  provider,
  publishableKey,
  ...props
}: CheckoutPanelProps & { provider: string; publishableKey?: string | null | undefined }) {
  if (provider !== 'stripe') return <SandboxCheckout {...props} />;
  if (!publishableKey) return <PaymentUnavailable />;
  return <StripeCheckout publishableKey={publishableKey} {...props} />;
}
