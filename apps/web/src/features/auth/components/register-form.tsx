import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTIFY_MS,
  PAGES,
  PASSWORD_HINT,
  RETURN_TO_PARAM,
  type Registro,
  type RegistroInput,
  registroSchema,
  safeReturnPath,
  UPLOAD_MAX_MB,
} from '@vitrina/shared';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { ImageUploadField } from '../../../components/image-upload-field';
import { PasswordToggle } from '../../../components/password-toggle';
import { TextField } from '../../../components/text-field';
import { notify } from '../../../lib/notifications';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useRegister } from '../api/register';

type Field = Path<RegistroInput>;
const FIELDS: readonly Field[] = [
  'primer_nombre',
  'primer_apellido',
  'direccion',
  'telefono',
  'email',
  'password',
  'passwordconfirm',
  'imagen',
];

/**
 * Registration (SPEC §2, §5): validated live with the schema POST /api/usuario applies; every field
 * shows its message or a check mark. Nothing is sent while there are errors.
 */
export function RegisterForm() {
  const [showPasswords, setShowPasswords] = useState(false);
  const navigate = useNavigate();
  // From a guest's order (decision 085): the e-mail bought with, and where to go once signed in.
  const [search] = useSearchParams();
  const returnTo = safeReturnPath(search.get(RETURN_TO_PARAM));
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, dirtyFields },
  } = useForm<RegistroInput, unknown, Registro>({
    resolver: zodResolver(registroSchema),
    mode: 'onChange',
    defaultValues: {
      primer_nombre: '',
      primer_apellido: '',
      direccion: '',
      telefono: '',
      email: search.get('email') ?? '',
      password: '',
      passwordconfirm: '',
      imagen: '',
    },
  });
  const imagen = watch('imagen') ?? '';
  const valid = (name: Field) => Boolean(dirtyFields[name]) && !errors[name];
  const passwordType = showPasswords ? 'text' : 'password';

  const onValid = (values: Registro) => {
    registration.mutate(values, {
      onSuccess: () => {
        notify({
          title: 'Registro exitoso',
          text: 'Ya puedes navegar con tu cuenta!',
          icon: 'success',
          timer: NOTIFY_MS,
        });
        navigate(
          returnTo ? `${PAGES.login.path}?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}` : '/login',
        );
      },
      onError: (error) => {
        // The server's per-field messages (e.g. the e-mail is taken) go on their fields.
        showServerFieldErrors(error, FIELDS, setError);
        notify({ title: 'Error', text: 'Intente nuevamente', icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={handleSubmit(onValid)}>
      <div className={formStyles.grid}>
        <TextField
          label="Nombre"
          autoComplete="given-name"
          error={errors.primer_nombre?.message}
          valid={valid('primer_nombre')}
          {...register('primer_nombre')}
        />
        <TextField
          label="Apellido"
          autoComplete="family-name"
          error={errors.primer_apellido?.message}
          valid={valid('primer_apellido')}
          {...register('primer_apellido')}
        />
        <TextField
          className={formStyles.wide}
          label="Dirección"
          autoComplete="street-address"
          hint="Calle y número, por ejemplo: Avenida Reforma 123"
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
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          valid={valid('email')}
          {...register('email')}
        />
        <TextField
          id="registro-password"
          label="Contraseña"
          type={passwordType}
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={errors.password?.message}
          valid={valid('password')}
          end={
            <PasswordToggle
              visible={showPasswords}
              controls="registro-password registro-passwordconfirm"
              onToggle={() => setShowPasswords((value) => !value)}
            />
          }
          {...register('password', { deps: ['passwordconfirm'] })}
        />
        <TextField
          id="registro-passwordconfirm"
          label="Confirmar contraseña"
          type={passwordType}
          autoComplete="new-password"
          error={errors.passwordconfirm?.message}
          valid={valid('passwordconfirm')}
          {...register('passwordconfirm')}
        />
        <div className={formStyles.wide}>
          <ImageUploadField
            label="Imagen"
            hint={`Opcional: una foto para tu perfil (hasta ${UPLOAD_MAX_MB} MB).`}
            value={imagen}
            error={errors.imagen?.message}
            onChange={(url) => setValue('imagen', url, { shouldDirty: true, shouldValidate: true })}
          />
        </div>
      </div>
      <Button type="submit" size="lg" disabled={registration.isPending}>
        Registrarse
      </Button>
    </form>
  );
}
