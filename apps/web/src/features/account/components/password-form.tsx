import { zodResolver } from '@hookform/resolvers/zod';
import { NOTIFY_MS, type PasswordChangeInput, passwordChangeSchema } from '@vitrina/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordToggle } from '../../../components/password-toggle';
import { TextField } from '../../../components/text-field';
import { notify } from '../../../lib/notifications';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['password_actual', 'password', 'passwordconfirm'] as const;
const IDS = 'password-actual password-nueva password-confirmar';

/** Password change (database users): afterwards every session ends and the user logs in again. */
export function PasswordForm() {
  const [visible, setVisible] = useState(false);
  const navigate = useNavigate();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    mode: 'onChange',
    defaultValues: { password_actual: '', password: '', passwordconfirm: '' },
  });
  const type = visible ? 'text' : 'password';

  const onValid = (values: PasswordChangeInput) => {
    change.mutate(values, {
      onSuccess: () => {
        notify({
          title: 'Cambio exitoso',
          text: 'Debes loguearte nuevamente!',
          icon: 'success',
          timer: NOTIFY_MS,
        });
        navigate('/login', { replace: true });
      },
      onError: (error) => {
        showServerFieldErrors(error, FIELDS, setError);
        notify({ title: 'Error', text: 'intente nuevamente', icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={handleSubmit(onValid)}>
      <TextField
        id="password-actual"
        label="Contraseña actual"
        type={type}
        autoComplete="current-password"
        error={errors.password_actual?.message}
        end={<PasswordToggle visible={visible} controls={IDS} onToggle={() => setVisible((v) => !v)} />}
        {...register('password_actual')}
      />
      <NewPasswordFields
        idPrefix="password"
        register={register}
        errors={errors}
        dirty={dirtyFields}
        visible={visible}
      />
      <Button type="submit" size="lg" disabled={change.isPending}>
        Cambiar contraseña
      </Button>
    </form>
  );
}
