import {
  brandColorProblems,
  contrastRatio,
  formatRatio,
  HEX_COLOR,
  NOTIFY_MS,
  PAGES,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type Tienda,
  textColorOn,
  tiendaInputSchema,
} from '@vitrina/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { ImageUploadField } from '../../../components/image-upload-field';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useShopIdentity } from '../../../lib/shop-identity';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSaveShopIdentity } from '../api/save-shop-identity';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { TextAreaField } from '../components/text-area-field';
import own from './shop-identity-page.module.css';

/** Errors by field path, as the server names them ('colores.acento'). */
type FieldErrors = Record<string, string>;

/**
 * /admin/ajustes/tienda: the shop's name, logo, favicon, brand colours, contact, social links and
 * WhatsApp number. Checked with the shared schema the server applies (the colours' contrast included), so
 * the messages are the same; the storefront shows the change on its next page load.
 */
export function ShopIdentityPage() {
  useDocumentTitle(PAGES.adminShop.title);
  const identity = useShopIdentity();
  return (
    <div className={styles.page}>
      <AdminPageHeader title="Tienda">
        <Link to={PAGES.adminPages.path}>Páginas de la tienda</Link>
      </AdminPageHeader>
      {identity.isPending ? (
        <Loader label="Cargando la tienda…" />
      ) : identity.isError ? (
        <LoadError
          className={styles.message}
          what="los datos de la tienda"
          error={identity.error}
          onRetry={() => identity.refetch()}
        />
      ) : (
        <IdentityForm saved={identity.data} />
      )}
    </div>
  );
}

/** How a colour reads with the text the shop will write on it. */
function ColorSample({ color, label }: { color: string; label: string }) {
  if (!HEX_COLOR.test(color)) return null;
  const text = textColorOn(color);
  return (
    <p className={own.sample} data-color={color}>
      {/* Set through the DOM (CSSOM), which the Content-Security-Policy allows, on a page the browser renders. */}
      <span className={own.swatch} style={{ background: color, color: text }}>
        {label}
      </span>{' '}
      Contraste del texto: {formatRatio(contrastRatio(color, text))}
    </p>
  );
}

function IdentityForm({ saved }: { saved: Tienda }) {
  const save = useSaveShopIdentity();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [logo, setLogo] = useState(saved.logo ?? '');
  const [favicon, setFavicon] = useState(saved.favicon ?? '');
  const [colors, setColors] = useState(saved.colores);
  const colorProblems = brandColorProblems(colors);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '');
    const parsed = tiendaInputSchema.safeParse({
      nombre: text('nombre'),
      logo,
      favicon,
      colores: colors,
      contacto: {
        email: text('contacto.email'),
        telefono: text('contacto.telefono'),
        direccion: text('contacto.direccion'),
      },
      redes: Object.fromEntries(Object.keys(SOCIAL_NETWORKS).map((key) => [key, text(`redes.${key}`)])),
      whatsapp: text('whatsapp'),
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () =>
        notify({
          title: 'Tienda guardada',
          text: 'La tienda muestra los cambios desde la próxima página que se abra.',
          icon: 'success',
          timer: NOTIFY_MS,
        }),
      onError: (error) => {
        if (isApiError(error) && error.fields) setErrors(error.fields);
        notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-label="Datos de la tienda">
      <section className={styles.panel} aria-labelledby="tienda-identidad">
        <h2 id="tienda-identidad" className={styles.subtitle}>
          Nombre e imagen
        </h2>
        <TextField
          label="Nombre de la tienda"
          name="nombre"
          defaultValue={saved.nombre}
          error={errors.nombre}
        />
        <ImageUploadField
          label="Logo"
          value={logo}
          onChange={setLogo}
          error={errors.logo}
          hint="Se muestra en el encabezado, el pie de página, los correos y la lista de empaque."
        />
        <ImageUploadField
          label="Favicon"
          value={favicon}
          onChange={setFavicon}
          error={errors.favicon}
          hint="El ícono de la pestaña del navegador. Mejor una imagen cuadrada."
        />
      </section>

      <section className={styles.panel} aria-labelledby="tienda-colores">
        <h2 id="tienda-colores" className={styles.subtitle}>
          Colores
        </h2>
        <p>
          El color primario va detrás del pie de página; el de acento, en botones y enlaces. La tienda escribe
          sobre cada uno el texto que mejor se lee, y no acepta un color con el que no se lea bien (WCAG AA).
        </p>
        <TextField
          label="Color primario"
          name="colores.primario"
          type="color"
          value={colors.primario}
          onChange={(event) => setColors({ ...colors, primario: event.target.value })}
          error={errors['colores.primario'] ?? colorProblems.primario}
        />
        <ColorSample color={colors.primario} label="Pie de página" />
        <TextField
          label="Color de acento"
          name="colores.acento"
          type="color"
          value={colors.acento}
          onChange={(event) => setColors({ ...colors, acento: event.target.value })}
          error={errors['colores.acento'] ?? colorProblems.acento}
        />
        <ColorSample color={colors.acento} label="Comprar" />
      </section>

      <section className={styles.panel} aria-labelledby="tienda-contacto">
        <h2 id="tienda-contacto" className={styles.subtitle}>
          Contacto
        </h2>
        <TextField
          label="Correo de contacto"
          name="contacto.email"
          type="email"
          defaultValue={saved.contacto.email}
          error={errors['contacto.email']}
          hint="Se muestra en el pie de página y recibe el aviso de cada pedido nuevo."
        />
        <TextField
          label="Teléfono"
          name="contacto.telefono"
          type="tel"
          defaultValue={saved.contacto.telefono}
          error={errors['contacto.telefono']}
        />
        <TextAreaField
          label="Dirección"
          name="contacto.direccion"
          rows={2}
          defaultValue={saved.contacto.direccion}
          error={errors['contacto.direccion']}
        />
        <TextField
          label="WhatsApp"
          name="whatsapp"
          type="tel"
          defaultValue={saved.whatsapp ? `+${saved.whatsapp}` : ''}
          error={errors.whatsapp}
          hint="Con el código del país, p. ej. +52 55 1234 5678. Pone el botón «¿Dudas? Escríbenos» en cada producto. Vacío: sin botón."
        />
      </section>

      <section className={styles.panel} aria-labelledby="tienda-redes">
        <h2 id="tienda-redes" className={styles.subtitle}>
          Redes sociales
        </h2>
        {(Object.entries(SOCIAL_NETWORKS) as [SocialNetwork, string][]).map(([key, name]) => (
          <TextField
            key={key}
            label={name}
            name={`redes.${key}`}
            type="url"
            placeholder="https://"
            defaultValue={saved.redes[key]}
            error={errors[`redes.${key}`]}
          />
        ))}
      </section>

      <div className={formStyles.actions}>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          Guardar tienda
        </Button>
      </div>
    </form>
  );
}
