import { Button, buttonClass } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { useFormatInstant } from '../../../lib/shop-dates';
import {
  type MercadoPagoStatus,
  useMercadoPagoStatus,
  usePayWithMercadoPago,
} from '../api/mercadopago-payment';

/**
 * What the shopper reads about their Mercado Pago payment, and what they can do: pay (a new Checkout Pro),
 * or see their cash voucher again (`voucher`: its page at Mercado Pago).
 */
function describe(
  status: MercadoPagoStatus,
  until: string,
): { text: string; action?: string; voucher?: string } {
  const { pago } = status;
  if (!pago)
    return {
      text: `Aún no recibimos tu pago. Puedes pagar con Mercado Pago ${until}.`,
      action: 'Pagar con Mercado Pago',
    };
  switch (pago.estado) {
    case 'aprobado':
      return { text: 'Mercado Pago aprobó tu pago. Estamos registrándolo.' };
    case 'pendiente':
      return pago.en_efectivo
        ? {
            text: `Tu pago en efectivo está pendiente: paga tu ficha ${until}. Cuando Mercado Pago nos lo confirme te avisaremos por correo.`,
            ...(pago.ficha_url && { voucher: pago.ficha_url }),
          }
        : { text: 'Mercado Pago está revisando tu pago. Te avisaremos por correo cuando lo confirme.' };
    case 'rechazado':
      return {
        text: `Mercado Pago rechazó tu pago: no se te cobró nada. Puedes intentarlo de nuevo ${until}.`,
        action: 'Intentar de nuevo con Mercado Pago',
      };
    default:
      return { text: 'Mercado Pago devolvió este pago.' };
  }
}

/**
 * On the page of an order waiting for its Mercado Pago payment: where the payment stands, asked of
 * Mercado Pago when the shopper comes back from it and every few seconds after, never guessed from the
 * address Mercado Pago sent them back with.
 */
export function MercadoPagoPayment({
  id,
  orderState,
  acceso,
}: {
  id: number;
  orderState: string;
  /** A guest's order, opened by its signed link: paid through that link, no account needed. */
  acceso?: string | undefined;
}) {
  const status = useMercadoPagoStatus(id, orderState, acceso);
  const pay = usePayWithMercadoPago(id, acceso);
  const formatInstant = useFormatInstant();
  if (status.isPending) return <p role="status">Consultando tu pago en Mercado Pago…</p>;
  if (status.isError) return <p role="alert">{errorMessage(status.error)}</p>;
  if (status.data.estado !== 'pendiente_pago') return null;
  const until = status.data.vence
    ? `antes del ${formatInstant(status.data.vence, 'longDateTime')}`
    : 'cuando quieras';
  const { text, action, voucher } = describe(status.data, until);
  return (
    <div>
      <p role="status">{text}</p>
      {voucher && (
        <a className={buttonClass('primary')} href={voucher}>
          Ver mi ficha de pago
        </a>
      )}
      {action && (
        <Button onClick={() => pay.mutate()} disabled={pay.isPending}>
          {action}
        </Button>
      )}
      {pay.isError && <p role="alert">{errorMessage(pay.error)}</p>}
    </div>
  );
}
