import {
  type Ajustes,
  ajustesInputSchema,
  CURRENCIES,
  type FormatMoney,
  NOTIFY_MS,
  PAGES,
  type TaxSettings,
  taxSettingsSchema,
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
import { useShippingSettings } from '../../../lib/shipping-settings';
import { useFormatMoney, useShopCurrency } from '../../../lib/shop-money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSaveTaxSettings, useTaxSettings } from '../api/payment-settings';
import { useSaveSettings } from '../api/save-settings';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { InventoryPanel } from '../components/inventory-panel';

type FieldErrors = Partial<Record<keyof Ajustes, string>>;

/** What the shopper is charged today, in one sentence. */
function describeShipping({ envio_tarifa, envio_gratis_desde }: Ajustes, formatMoney: FormatMoney): string {
  if (envio_tarifa === 0) return 'Hoy el envío es gratis en todos los pedidos.';
  if (envio_gratis_desde === null) return `Hoy cada pedido paga ${formatMoney(envio_tarifa)} de envío.`;
  return `Hoy cada pedido paga ${formatMoney(envio_tarifa)} de envío, y es gratis desde ${formatMoney(envio_gratis_desde)}.`;
}

/** A typed amount: '' stays empty, a decimal comma is read as a point; anything else is left to the schema. */
const readAmount = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.trim().replace(',', '.'));

/**
 * /admin/ajustes: the shipping cost the server adds to every order — a flat rate, free from a subtotal on
 * (empty: never free). Checked with the shared schema the server applies, so its messages are the same.
 */
export function SettingsPage() {
  useDocumentTitle(PAGES.adminSettings.title);
  const settings = useShippingSettings();
  return (
    <div className={styles.page}>
      <AdminPageHeader title="Ajustes">
        <Link to={PAGES.adminPayments.path}>Medios de pago</Link>
        <Link to={PAGES.adminPromotions.path}>Promociones</Link>
        <Link to={PAGES.adminShipping.path}>Zonas de envío y retiro</Link>
        <Link to={PAGES.adminMail.path}>Correos enviados</Link>
        <Link to={PAGES.adminShop.path}>Tienda</Link>
        <Link to={PAGES.adminPages.path}>Páginas</Link>
        <Link to={PAGES.adminImport.path}>Importar / Exportar</Link>
      </AdminPageHeader>
      {settings.isPending ? (
        <Loader label="Cargando los ajustes…" />
      ) : settings.isError ? (
        <LoadError
          className={styles.message}
          what="los ajustes"
          error={settings.error}
          onRetry={() => settings.refetch()}
        />
      ) : (
        <ShippingForm saved={settings.data} />
      )}
      <TaxPanel />
      <InventoryPanel />
    </div>
  );
}

function ShippingForm({ saved }: { saved: Ajustes }) {
  const save = useSaveSettings();
  const [errors, setErrors] = useState<FieldErrors>({});
  const currency = useShopCurrency();
  const formatMoney = useFormatMoney();
  const inputMode = CURRENCIES[currency].decimals === 0 ? 'numeric' : 'decimal';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const tarifa = readAmount(String(data.get('envio_tarifa') ?? ''));
    const parsed = ajustesInputSchema(currency).safeParse({
      // An empty rate is a rate of 0: free shipping.
      envio_tarifa: tarifa ?? 0,
      envio_gratis_desde: readAmount(String(data.get('envio_gratis_desde') ?? '')),
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Ajustes;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify({ title: 'Ajustes guardados', icon: 'success', timer: NOTIFY_MS }),
      onError: (error) => {
        if (isApiError(error) && error.fields) setErrors(error.fields as FieldErrors);
        notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  return (
    <section className={styles.panel} aria-labelledby="ajustes-envio">
      <h2 id="ajustes-envio" className={styles.subtitle}>
        Envío
      </h2>
      <p>{describeShipping(saved, formatMoney)}</p>
      <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-labelledby="ajustes-envio">
        <TextField
          label={`Tarifa de envío (${currency})`}
          name="envio_tarifa"
          inputMode={inputMode}
          defaultValue={String(saved.envio_tarifa)}
          hint="Lo que paga cada pedido por el envío. 0: envío gratis siempre."
          error={errors.envio_tarifa}
        />
        <TextField
          label={`Envío gratis desde (${currency})`}
          name="envio_gratis_desde"
          inputMode={inputMode}
          defaultValue={saved.envio_gratis_desde === null ? '' : String(saved.envio_gratis_desde)}
          hint="Los pedidos con este subtotal o más no pagan envío. Vacío: ningún pedido tiene envío gratis."
          error={errors.envio_gratis_desde}
        />
        <div className={formStyles.actions}>
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            Guardar ajustes
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Ajustes › Impuesto: whether prices include a tax, shown on orders as 'Incluye IVA (16 %): $ …'. */
function TaxPanel() {
  const tax = useTaxSettings();
  return (
    <section className={styles.panel} aria-labelledby="ajustes-impuesto">
      <h2 id="ajustes-impuesto" className={styles.subtitle}>
        Impuesto incluido en los precios
      </h2>
      {tax.isPending ? (
        <Loader label="Cargando el impuesto…" />
      ) : tax.isError ? (
        <LoadError what="el impuesto" error={tax.error} onRetry={() => tax.refetch()} />
      ) : (
        <TaxForm saved={tax.data} />
      )}
    </section>
  );
}

function TaxForm({ saved }: { saved: TaxSettings }) {
  const save = useSaveTaxSettings();
  const [errors, setErrors] = useState<Partial<Record<keyof TaxSettings, string>>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = taxSettingsSchema.safeParse({
      activo: data.get('activo') === 'on',
      nombre: String(data.get('nombre') ?? ''),
      tasa: readAmount(String(data.get('tasa') ?? '')) ?? Number.NaN,
    });
    if (!parsed.success) {
      const found: Partial<Record<keyof TaxSettings, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof TaxSettings] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify({ title: 'Impuesto guardado', icon: 'success', timer: NOTIFY_MS }),
      onError: (error) => {
        if (isApiError(error) && error.fields) setErrors(error.fields);
        notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-labelledby="ajustes-impuesto">
      <p>
        Los precios de la tienda ya incluyen el impuesto. Activado, cada pedido, su correo y su lista de
        empaque dicen cuánto del total es impuesto; los pedidos ya hechos conservan el suyo.
      </p>
      <label className={formStyles.checkbox}>
        <input type="checkbox" name="activo" defaultChecked={saved.activo} />
        Mostrar el impuesto incluido en los pedidos
      </label>
      <TextField
        label="Nombre del impuesto"
        name="nombre"
        defaultValue={saved.nombre}
        maxLength={20}
        error={errors.nombre}
      />
      <TextField
        label="Tasa (%)"
        name="tasa"
        inputMode="decimal"
        defaultValue={String(saved.tasa)}
        hint="Por ejemplo 16 (IVA en México), 21 (IVA en Argentina y España) o 10,5."
        error={errors.tasa}
      />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          Guardar impuesto
        </Button>
      </div>
    </form>
  );
}
