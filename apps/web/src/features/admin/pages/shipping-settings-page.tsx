import {
  CURRENCIES,
  type CurrencyCode,
  NOTIFY_MS,
  PAGES,
  type ShippingSettingsAnswer,
  shippingSettingsInputSchema,
} from '@vitrina/shared';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useShopCurrency } from '../../../lib/shop-money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useSaveShippingZones,
  useSaveShopNotices,
  useShippingZones,
  useShopNotices,
} from '../api/shipping-settings';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import own from './shipping-settings-page.module.css';

/** A rate as typed: amounts in the shop's currency, '' for none. */
interface RateDraft {
  tarifa: string;
  gratis_desde: string;
}
interface ZoneDraft extends RateDraft {
  /** Tells the zones apart while they are edited (React's key). */
  key: number;
  nombre: string;
  regiones: string[];
}
/** The server's and the shared schema's messages, by path ('zonas.0.regiones', 'retiro.horario'). */
type Errors = Record<string, string>;

const typed = (cents: number | null) => (cents === null ? '' : String(cents / 100));

/** Units typed ('12,50') to cents; what is not a number is left for the schema to refuse. */
function toCents(text: string, currency: CurrencyCode): number | null {
  if (text.trim() === '') return null;
  const units = Number(text.trim().replace(',', '.'));
  if (!Number.isFinite(units)) return Number.NaN;
  return CURRENCIES[currency].decimals === 0 ? Math.round(units) * 100 : Math.round(units * 100);
}

/**
 * /admin/ajustes/envio (Ajustes › Envío): zones of the country's states or provinces, each with its rate
 * and free-shipping threshold, the rate of the rest of the country, pickup at the store, and how the shop
 * hears about orders. Checked with the schema the server applies, so its messages are the same.
 */
export function ShippingSettingsPage() {
  useDocumentTitle(PAGES.adminShipping.title);
  const zones = useShippingZones();
  return (
    <div className={styles.page}>
      <AdminPageHeader title="Envío" />
      {zones.isPending ? (
        <Loader label="Cargando el envío…" />
      ) : zones.isError ? (
        <LoadError what="el envío" error={zones.error} onRetry={() => zones.refetch()} />
      ) : (
        <ZonesForm saved={zones.data} />
      )}
      <NoticesPanel />
    </div>
  );
}

function ZonesForm({ saved }: { saved: ShippingSettingsAnswer }) {
  const currency = useShopCurrency();
  const save = useSaveShippingZones();
  const nextKey = useRef(0);
  const [zones, setZones] = useState<ZoneDraft[]>(() =>
    (saved.zonas ?? []).map((z) => ({
      key: nextKey.current++,
      nombre: z.nombre,
      regiones: z.regiones,
      tarifa: typed(z.tarifa),
      gratis_desde: typed(z.gratis_desde),
    })),
  );
  const [rest, setRest] = useState<RateDraft>({
    tarifa: typed(saved.resto?.tarifa ?? 0),
    gratis_desde: typed(saved.resto?.gratis_desde ?? null),
  });
  const [pickup, setPickup] = useState(saved.retiro);
  const [errors, setErrors] = useState<Errors>({});
  const unit = `(${currency})`;

  const changeZone = (index: number, change: Partial<ZoneDraft>) =>
    setZones((current) => current.map((zone, i) => (i === index ? { ...zone, ...change } : zone)));
  const zoneOf = (region: string) => zones.find((zone) => zone.regiones.includes(region));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = shippingSettingsInputSchema(currency).safeParse({
      zonas: zones.map((zone) => ({
        nombre: zone.nombre,
        regiones: zone.regiones,
        tarifa: toCents(zone.tarifa, currency) ?? 0,
        gratis_desde: toCents(zone.gratis_desde, currency),
      })),
      resto: {
        tarifa: toCents(rest.tarifa, currency) ?? 0,
        gratis_desde: toCents(rest.gratis_desde, currency),
      },
      retiro: pickup,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify({ title: 'Envío guardado', icon: 'success', timer: NOTIFY_MS }),
      onError: (error) => {
        if (isApiError(error) && error.fields) setErrors(error.fields);
        notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-label="Envío">
      <section className={styles.panel} aria-labelledby="envio-zonas">
        <h2 id="envio-zonas" className={styles.subtitle}>
          Zonas de envío
        </h2>
        <p>
          Agrupa {saved.nombre_region === 'Estado' ? 'estados' : 'regiones'} de {saved.pais} con su propia
          tarifa. Cada una va en una sola zona; las que no están en ninguna pagan la tarifa del resto del
          país.
        </p>
        {zones.map((zone, index) => (
          <fieldset key={zone.key} className={own.zone} aria-label={`Zona ${zone.nombre || index + 1}`}>
            <TextField
              label="Nombre de la zona"
              value={zone.nombre}
              onChange={(event) => changeZone(index, { nombre: event.target.value })}
              error={errors[`zonas.${index}.nombre`]}
            />
            <fieldset className={own.regions}>
              <legend>{saved.nombre_region === 'Estado' ? 'Estados' : 'Regiones'} de la zona</legend>
              {saved.regiones.map((region) => {
                const other = zoneOf(region);
                const mine = zone.regiones.includes(region);
                return (
                  <label key={region} className={other && !mine ? own.taken : undefined}>
                    <input
                      type="checkbox"
                      checked={mine}
                      onChange={(event) =>
                        changeZone(index, {
                          regiones: event.target.checked
                            ? [...zone.regiones, region]
                            : zone.regiones.filter((r) => r !== region),
                        })
                      }
                    />{' '}
                    {region}
                    {other && !mine ? ` (${other.nombre})` : ''}
                  </label>
                );
              })}
            </fieldset>
            {errors[`zonas.${index}.regiones`] && (
              <p className={own.error} role="alert">
                {errors[`zonas.${index}.regiones`]}
              </p>
            )}
            <TextField
              label={`Tarifa ${unit}`}
              inputMode="decimal"
              value={zone.tarifa}
              onChange={(event) => changeZone(index, { tarifa: event.target.value })}
              error={errors[`zonas.${index}.tarifa`]}
            />
            <TextField
              label={`Envío gratis desde ${unit}`}
              inputMode="decimal"
              hint="Vacío: en esta zona el envío nunca es gratis."
              value={zone.gratis_desde}
              onChange={(event) => changeZone(index, { gratis_desde: event.target.value })}
              error={errors[`zonas.${index}.gratis_desde`]}
            />
            <Button
              variant="ghost"
              onClick={() => setZones((current) => current.filter((_, i) => i !== index))}
            >
              Quitar la zona
            </Button>
          </fieldset>
        ))}
        <Button
          variant="secondary"
          onClick={() =>
            setZones((current) => [
              ...current,
              { key: nextKey.current++, nombre: '', regiones: [], tarifa: '', gratis_desde: '' },
            ])
          }
        >
          Agregar zona
        </Button>
      </section>

      <section className={styles.panel} aria-labelledby="envio-resto">
        <h2 id="envio-resto" className={styles.subtitle}>
          Resto del país
        </h2>
        <TextField
          label={`Tarifa del resto del país ${unit}`}
          inputMode="decimal"
          hint="0: envío gratis."
          value={rest.tarifa}
          onChange={(event) => setRest({ ...rest, tarifa: event.target.value })}
          error={errors['resto.tarifa']}
        />
        <TextField
          label={`Envío gratis desde ${unit}`}
          inputMode="decimal"
          hint="Vacío: ningún pedido tiene envío gratis."
          value={rest.gratis_desde}
          onChange={(event) => setRest({ ...rest, gratis_desde: event.target.value })}
          error={errors['resto.gratis_desde']}
        />
      </section>

      <section className={styles.panel} aria-labelledby="envio-retiro">
        <h2 id="envio-retiro" className={styles.subtitle}>
          Retiro en tienda
        </h2>
        <label className={formStyles.checkbox}>
          <input
            type="checkbox"
            checked={pickup.activo}
            onChange={(event) => setPickup({ ...pickup, activo: event.target.checked })}
          />
          Ofrecer retiro en tienda (sin costo de envío)
        </label>
        <TextField
          label="Dirección de retiro"
          value={pickup.direccion}
          maxLength={200}
          onChange={(event) => setPickup({ ...pickup, direccion: event.target.value })}
          error={errors['retiro.direccion']}
        />
        <TextField
          label="Horario de retiro"
          value={pickup.horario}
          maxLength={200}
          hint="Por ejemplo: lunes a viernes de 10 a 18 h."
          onChange={(event) => setPickup({ ...pickup, horario: event.target.value })}
          error={errors['retiro.horario']}
        />
      </section>
      <div className={formStyles.actions}>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          Guardar envío
        </Button>
      </div>
    </form>
  );
}

/** How the shop hears about paid orders: one e-mail each, or one summary a day. */
function NoticesPanel() {
  const notices = useShopNotices();
  const save = useSaveShopNotices();
  return (
    <section className={styles.panel} aria-labelledby="envio-avisos">
      <h2 id="envio-avisos" className={styles.subtitle}>
        Avisos de pedidos
      </h2>
      <p>
        Cada pedido pagado llega al correo de contacto de la tienda y a quien del personal lo pidió en su
        panel, con lo que hay que preparar.
      </p>
      {notices.data && (
        <label className={formStyles.checkbox}>
          <input
            type="checkbox"
            checked={notices.data.resumen_diario}
            disabled={save.isPending}
            onChange={(event) =>
              save.mutate(
                { resumen_diario: event.target.checked },
                {
                  onError: (error) =>
                    notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS }),
                },
              )
            }
          />
          En vez de un correo por pedido, un resumen al día siguiente con los pedidos pagados de cada día
        </label>
      )}
    </section>
  );
}
