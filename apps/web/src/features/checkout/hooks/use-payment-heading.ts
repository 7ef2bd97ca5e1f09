import { usePaymentMethods } from '../api/get-payment-methods';

/** The title over the checkout: SPEC's 'Pago con tarjeta' while the card is the only method, else 'Pago'. */
export function usePaymentHeading(): string {
  const methods = usePaymentMethods().data;
  const cardOnly = !methods || methods.length === 0 || (methods.length === 1 && methods[0]?.id === 'tarjeta');
  return cardOnly ? 'Pago con tarjeta' : 'Pago';
}
