import { zodResolver } from '@hookform/resolvers/zod';
import { NOTIFY_MS, perfilSchema, UPLOAD_MAX_MB } from '@vitrina/shared';
import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { ImageUploadField } from '../../../components/image-upload-field';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { type ProfileChanges, useUpdateProfile } from '../api/update-profile';

type Values = { direccion: string; telefono: string; imagen: string };
const EMPTY: Values = { direccion: '', telefono: '', imagen: '' };
const FIELDS = ['direccion', 'telefono', 'imagen'] as const;

// perfilSchema reads '' as "not changing it"; its output keeps only the filled fields.
const resolver = zodResolver(perfilSchema) as unknown as Resolver<Values, unknown, ProfileChanges>;

/** A database user's profile update: any of address, phone and picture; only filled fields are sent. */
export function ProfileForm() {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    watch,
    formState: { errors, dirtyFields },
  } = useForm<Values, unknown, ProfileChanges>({ resolver, mode: 'onChange', defaultValues: EMPTY });
  const values = watch();
  const nothingFilled = !values.direccion && !values.telefono && !values.imagen;
  const valid = (name: keyof Values) => Boolean(dirtyFields[name]) && Boolean(values[name]) && !errors[name];

  const onValid = (changes: ProfileChanges) => {
    update.mutate(changes, {
      onSuccess: () => {
        reset(EMPTY);
        notify({
          title: 'Actualización Exitosa',
          text: 'Ya puedes ver tus cambios reflejados',
          icon: 'success',
          timer: NOTIFY_MS,
        });
      },
      onError: (error) => {
        showServerFieldErrors(error, FIELDS, setError);
        const text = isApiError(error) && error.status === 403 ? error.message : 'intente nuevamente';
        notify({ title: 'Error', text, icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={handleSubmit(onValid)}>
      <p className={formStyles.required}>Completa solo lo que quieras cambiar.</p>
      <TextField
        label="Dirección"
        autoComplete="street-address"
        error={errors.direccion?.message}
        valid={valid('direccion')}
        {...register('direccion')}
      />
      <TextField
        label="Teléfono"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        error={errors.telefono?.message}
        valid={valid('telefono')}
        {...register('telefono')}
      />
      <ImageUploadField
        label="Imagen"
        hint={`Una nueva foto de perfil (hasta ${UPLOAD_MAX_MB} MB).`}
        value={values.imagen}
        error={errors.imagen?.message}
        onChange={(url) => setValue('imagen', url, { shouldDirty: true, shouldValidate: true })}
      />
      <Button type="submit" size="lg" disabled={nothingFilled || update.isPending}>
        Actualizar datos
      </Button>
    </form>
  );
}
