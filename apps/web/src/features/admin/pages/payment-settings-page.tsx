import {
  isPaidLater,
  NOTIFY_MS,
  PAGES,
  PAYMENT_METHOD_NAMES,
  type PaymentMethodSettings,
  paymentSettingsSchema,
} from '@vitrina/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePaymentSettings, useSavePaymentSettings } from '../api/payment-settings';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { GuestCheckoutPanel } from '../components/guest-checkout-panel';
import { SelectField } from '../components/select-field';
import { TextAreaField } from '../components/text-area-field';
import pageStyles from './payment-settings-page.module.css';

/** The units the reservation is typed in; stored in minutes. */
const UNITS = { minutos: 1, horas: 60, dias: 24 * 60 } as const;
type Unit = keyof typeof UNITS;
const UNIT_LABELS: Record<Unit, string> = { minutos: 'minutos', horas: 'horas', dias: 'días' };

/** A reservation in the largest unit that writes it whole: 2880 → 2 días. */
function inUnits(minutes: number | null): { amount: string; unit: Unit } {
  if (minutes === null) return { amount: '', unit: 'horas' };
  if (minutes % UNITS.dias === 0) return { amount: String(minutes / UNITS.dias), unit: 'dias' };
  if (minutes % UNITS.horas === 0) return { amount: String(minutes / UNITS.horas), unit: 'horas' };
  return { amount: String(minutes), unit: 'minutos' };
}

interface Draft extends Omit<PaymentMethodSettings, 'reserva_minutos'> {
  amount: string;
  unit: Unit;
}

const toDraft = (m: PaymentMethodSettings): Draft => ({ ...m, ...inUnits(m.reserva_minutos) });

const toMinutes = (d: Draft): number | null => {
  if (!isPaidLater(d.id)) return null;
  const amount = Number(d.amount.trim().replace(',', '.'));
  return d.amount.trim() === '' || !Number.isFinite(amount) ? null : Math.round(amount * UNITS[d.unit]);
};

/** What each method needs said before it is enabled. */
const METHOD_HINTS: Record<PaymentMethodSettings['id'], string> = {
  tarjeta: 'Se cobra al momento con el proveedor de tarjetas de la tienda (sandbox o Stripe).',
  mercadopago:
    'Necesita las credenciales MERCADOPAGO_ACCESS_TOKEN y MERCADOPAGO_WEBHOOK_SECRET en el entorno del servidor; nunca se guardan aquí.',
  transferencia:
    'El comprador ve estos datos al confirmar su pedido y en su correo; tú marcas el pedido como pagado.',
  contra_entrega: 'El comprador paga al recibir o recoger el pedido; tú lo marcas como pagado.',
};

/**
 * /admin/ajustes/pagos (Ajustes › Pagos): which methods the shopper may pay with, in what order, how each is
 * described, the transfer's account, and how long stock stays reserved while the money of an order paid
 * later is on its way. Checked with the shared schema the server applies.
 */
export function PaymentSettingsPage() {
  useDocumentTitle(PAGES.adminPayments.title);
  const settings = usePaymentSettings();
  return (
    <div className={styles.page}>
      <AdminPageHeader title="Medios de pago">
        <Link to={PAGES.adminSettings.path}>Ajustes</Link>
      </AdminPageHeader>
      {settings.isPending ? (
        <Loader label="Cargando los medios de pago…" />
      ) : settings.isError ? (
        <LoadError
          className={styles.message}
          what="los medios de pago"
          error={settings.error}
          onRetry={() => settings.refetch()}
        />
      ) : (
        <PaymentMethodsForm saved={settings.data.metodos} />
      )}
      <GuestCheckoutPanel />
    </div>
  );
}

function PaymentMethodsForm({ saved }: { saved: readonly PaymentMethodSettings[] }) {
  const save = useSavePaymentSettings();
  const [drafts, setDrafts] = useState<Draft[]>(() => saved.map(toDraft));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = (index: number, patch: Partial<Draft>) =>
    setDrafts((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const move = (index: number, by: -1 | 1) =>
    setDrafts((all) => {
      const next = [...all];
      const [taken] = next.splice(index, 1);
      if (taken) next.splice(index + by, 0, taken);
      return next;
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      metodos: drafts.map(({ amount: _amount, unit: _unit, ...d }, i) => ({
        ...d,
        reserva_minutos: toMinutes(drafts[i] as Draft),
      })),
    };
    const parsed = paymentSettingsSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: (answer) => {
        setDrafts(answer.metodos.map(toDraft));
        notify({ title: 'Medios de pago guardados', icon: 'success', timer: NOTIFY_MS });
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) setErrors(error.fields);
        notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-label="Medios de pago">
      <p>
        El comprador ve los medios activos en este orden. Con un medio que se paga después, el pedido queda
        «Esperando pago» con sus productos apartados hasta el plazo; si el pago no llega, se cancela solo y el
        stock vuelve.
      </p>
      {errors.metodos && (
        <p className={formStyles.formError} role="alert">
          {errors.metodos}
        </p>
      )}
      {drafts.map((d, i) => {
        const name = PAYMENT_METHOD_NAMES[d.id];
        const error = (field: string) => errors[`metodos.${i}.${field}`];
        return (
          <section key={d.id} className={pageStyles.method} aria-label={name}>
            <div className={pageStyles.methodHeader}>
              <h2 className={pageStyles.methodName}>
                {i + 1}. {name}
              </h2>
              <label className={formStyles.checkbox}>
                <input
                  type="checkbox"
                  checked={d.activo}
                  onChange={(e) => change(i, { activo: e.target.checked })}
                />
                Activo
              </label>
              <div className={styles.buttons}>
                <Button
                  variant="ghost"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Subir ${name}`}
                >
                  Subir
                </Button>
                <Button
                  variant="ghost"
                  disabled={i === drafts.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Bajar ${name}`}
                >
                  Bajar
                </Button>
              </div>
            </div>
            <p className={styles.muted}>{METHOD_HINTS[d.id]}</p>
            <TextField
              label={`Descripción de ${name}`}
              value={d.descripcion}
              maxLength={200}
              hint="La ve el comprador al elegir cómo pagar."
              error={error('descripcion')}
              onChange={(e) => change(i, { descripcion: e.target.value })}
            />
            {isPaidLater(d.id) && (
              <>
                <TextAreaField
                  label={
                    d.id === 'transferencia' ? 'Datos para la transferencia' : `Instrucciones de ${name}`
                  }
                  value={d.instrucciones}
                  maxLength={1000}
                  hint={
                    d.id === 'transferencia'
                      ? 'Banco, titular y CLABE, CBU o IBAN, y qué poner como concepto (el número de pedido).'
                      : 'Lo que el comprador debe hacer para pagar.'
                  }
                  error={error('instrucciones')}
                  onChange={(e) => change(i, { instrucciones: e.target.value })}
                />
                <div className={pageStyles.reservation}>
                  <TextField
                    label={`Reserva del stock de ${name}`}
                    inputMode="numeric"
                    value={d.amount}
                    hint="Cuánto tiempo esperamos el pago antes de cancelar el pedido."
                    error={error('reserva_minutos')}
                    onChange={(e) => change(i, { amount: e.target.value })}
                  />
                  <SelectField
                    label="Unidad"
                    value={d.unit}
                    onChange={(e) => change(i, { unit: e.target.value as Unit })}
                  >
                    {(Object.keys(UNITS) as Unit[]).map((unit) => (
                      <option key={unit} value={unit}>
                        {UNIT_LABELS[unit]}
                      </option>
                    ))}
                  </SelectField>
                </div>
              </>
            )}
          </section>
        );
      })}
      <div className={formStyles.actions}>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          Guardar medios de pago
        </Button>
      </div>
    </form>
  );
}
