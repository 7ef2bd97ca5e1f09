import {
  fromCents,
  lineName,
  NOTIFY_MS,
  type Order,
  type PaymentMethod,
  planRefund,
  type RefundableOrder,
  type RefundInput,
  toCents,
} from '@vitrina/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { orderTitle, unitsKept } from '../../../components/order-details';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { confirm, notify } from '../../../lib/notifications';
import { useFormatMoney } from '../../../lib/shop-money';
import { useRefundOrder } from '../api/admin-order';
import styles from './admin-page.module.css';

/** A refund that got no definitive answer (network, 5xx) may be sent again: with the same key. */
const isTransient = (error: unknown) => !isApiError(error) || error.status === 0 || error.status >= 500;

const fieldName = (id: number) => `reembolso-${id}`;
const SHIPPING_FIELD = 'reembolso-envio';

/** Where a refund's money goes: a transfer or cash went through no provider, so the owner gives it back. */
const WHERE_IT_GOES: Record<PaymentMethod, string> = {
  tarjeta: 'Se devuelve a la tarjeta del cliente',
  mercadopago: 'Se devuelve por Mercado Pago',
  transferencia: 'Queda registrado: devuelve tú el dinero por transferencia',
  contra_entrega: 'Queda registrado: devuelve tú el dinero al cliente',
};

/** What is left to refund of the order, as the shared rule reads it (the server adds pending refunds). */
const refundable = (order: Order): RefundableOrder => ({
  lines: order.detalle_venta.map((line) => ({
    id_detalle_venta: line.id_detalle_venta,
    nombre: lineName(line.Producto.nombre, line.variante),
    unitCents: toCents(line.valor_unitario),
    cantidad: line.cantidad,
    discountCents: toCents(line.descuento),
    unitsLeft: unitsKept(line),
  })),
  shippingLeftCents: toCents(order.costo_envio) - toCents(order.envio_reembolsado),
  moneyLeftCents: toCents(order.valor_total_venta) - toCents(order.monto_reembolsado),
});

/**
 * Refunds through the payment provider: some units of some lines, with the shipping when the owner ticks
 * it, or all that is still paid. The confirmation states the exact amount, computed by the rule the server
 * applies. Each attempt has its own Idempotency-Key, sent again only when retrying that same attempt after
 * no clear answer, so a refund is never made twice.
 */
export function RefundForm({ order }: { order: Order }) {
  const refund = useRefundOrder(order.id_venta);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const shippingId = useId();
  const formatMoney = useFormatMoney();
  const money = (cents: number) => formatMoney(fromCents(cents));
  const lines = order.detalle_venta.filter((line) => unitsKept(line) > 0);
  const left = refundable(order);
  if (left.moneyLeftCents <= 0 || (lines.length === 0 && left.shippingLeftCents <= 0)) return null;

  const send = async (body: RefundInput, what: (cents: number, shippingCents: number) => string) => {
    const plan = planRefund(left, body);
    if ('refused' in plan) {
      setError(plan.refused);
      return;
    }
    const confirmed = await confirm({
      title: '¿Reembolsar?',
      text: `${what(plan.cents, plan.shippingCents)} ${WHERE_IT_GOES[order.metodo_pago]} y le avisaremos por correo. No se puede deshacer.`,
      confirmText: 'Reembolsar',
      cancelText: 'Volver',
      icon: 'warning',
    });
    if (!confirmed) return;
    const signature = JSON.stringify(body);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    const current = attempt.current;
    setError(null);
    refund.mutate(
      { body, idempotencyKey: current.key },
      {
        onSuccess: (saved) => {
          attempt.current = null;
          setFormKey((k) => k + 1);
          notify({ title: `${orderTitle(saved)}: reembolso hecho`, icon: 'success', timer: NOTIFY_MS });
        },
        onError: (caught) => {
          if (!isTransient(caught)) attempt.current = null;
          setError(
            isTransient(caught)
              ? `${errorMessage(caught)} Puedes volver a intentarlo: no se reembolsará dos veces.`
              : errorMessage(caught),
          );
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const chosen = lines
      .map((line) => ({ line, cantidad: Number(data.get(fieldName(line.id_detalle_venta)) || 0) }))
      .filter(({ cantidad }) => cantidad !== 0);
    const wrong = chosen.find(
      ({ line, cantidad }) => !Number.isInteger(cantidad) || cantidad < 0 || cantidad > unitsKept(line),
    );
    if (wrong) {
      setError(
        `Las unidades de ${wrong.line.Producto.nombre} deben ser un número entero entre 0 y ${unitsKept(wrong.line)}.`,
      );
      return;
    }
    const incluir_envio = data.get(SHIPPING_FIELD) === 'on';
    if (chosen.length === 0 && !incluir_envio) {
      setError('Escribe cuántas unidades de cada producto quieres reembolsar, o marca el envío.');
      return;
    }
    const parts = chosen.map(
      ({ line, cantidad }) =>
        `${cantidad} × ${line.Producto.nombre} (${money(cantidad * toCents(line.valor_unitario))})`,
    );
    void send(
      {
        lineas: chosen.map(({ line, cantidad }) => ({ id_detalle_venta: line.id_detalle_venta, cantidad })),
        ...(incluir_envio && { incluir_envio }),
      },
      (cents, shippingCents) =>
        `Reembolsar ${[...parts, ...(shippingCents > 0 ? [`el envío (${money(shippingCents)})`] : [])].join(', ')}: ${money(cents)} en total.`,
    );
  };

  return (
    <section className={styles.panel} aria-labelledby="pedido-reembolso">
      <h2 id="pedido-reembolso" className={styles.subtitle}>
        Reembolso
      </h2>
      <form
        key={formKey}
        className={formStyles.form}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="pedido-reembolso"
      >
        {lines.map((line) => (
          <TextField
            key={line.id_detalle_venta}
            label={`Unidades de ${line.Producto.nombre} a reembolsar`}
            hint={`Hasta ${unitsKept(line)}, a ${formatMoney(line.valor_unitario)} cada una.`}
            name={fieldName(line.id_detalle_venta)}
            type="number"
            inputMode="numeric"
            min={0}
            max={unitsKept(line)}
            defaultValue="0"
          />
        ))}
        {left.shippingLeftCents > 0 && (
          <div className={formStyles.checkbox}>
            <input id={shippingId} type="checkbox" name={SHIPPING_FIELD} />
            <label htmlFor={shippingId}>Reembolsar también el envío ({money(left.shippingLeftCents)})</label>
          </div>
        )}
        {error && (
          <p className={formStyles.formError} role="alert">
            {error}
          </p>
        )}
        <div className={styles.buttons}>
          <Button type="submit" variant="secondary" disabled={refund.isPending}>
            Reembolsar lo elegido
          </Button>
          <Button
            variant="ghost"
            disabled={refund.isPending}
            onClick={() =>
              void send(
                {},
                (cents, shippingCents) =>
                  `Reembolsar todo lo que queda pagado de este pedido: ${money(cents)}${shippingCents > 0 ? `, con ${money(shippingCents)} del envío` : ''}.`,
              )
            }
          >
            Reembolsar todo el pedido
          </Button>
        </div>
      </form>
    </section>
  );
}
