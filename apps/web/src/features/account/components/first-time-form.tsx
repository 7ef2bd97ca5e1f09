import { zodResolver } from '@hookform/resolvers/zod';
import { NOTIFY_MS, type PerfilInicialInput, perfilInicialSchema } from '@vitrina/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import { notify } from '../../../lib/notifications';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useUpdateProfile } from '../api/update-profile';

type Values = { direccion: string; telefono: string };
const FIELDS = ['direccion', 'telefono'] as const;

/** First visit of an account created by Google sign-in: address and phone are both required. */
export function FirstTimeForm() {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<PerfilInicialInput, unknown, Values>({
    resolver: zodResolver(perfilInicialSchema),
    mode: 'onChange',
    defaultValues: { direccion: '', telefono: '' },
  });
  const valid = (name: keyof Values) => Boolean(dirtyFields[name]) && !errors[name];

  const onValid = (values: Values) => {
    update.mutate(values, {
      onSuccess: () => {
        notify({ title: 'Gracias', text: 'Puedes continuar comprando', icon: 'success', timer: NOTIFY_MS });
        navigate('/');
      },
      onError: (error) => {
        showServerFieldErrors(error, FIELDS, setError);
        notify({ title: 'Error', text: 'intente nuevamente', icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={handleSubmit(onValid)}>
      <p className={formStyles.required}>Los dos campos son obligatorios.</p>
      <TextField
        label="Dirección"
        autoComplete="street-address"
        hint="Calle y número, por ejemplo: Avenida Reforma 123"
        required
        error={errors.direccion?.message}
        valid={valid('direccion')}
        {...register('direccion')}
      />
      <TextField
        label="Teléfono"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        required
        error={errors.telefono?.message}
        valid={valid('telefono')}
        {...register('telefono')}
      />
      <Button type="submit" size="lg" disabled={update.isPending}>
        Guardar y continuar
      </Button>
    </form>
  );
}
