import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type LoginInput, loginSchema, NOTIFY_MS, WRONG_CREDENTIALS } from '@vitrina/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { PasswordToggle } from '../../../components/password-toggle';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useLogin } from '../api/login';
import { ACCOUNT_DISABLED_CODE, showAccountDisabled } from '../utils/account-disabled-alert';

/** E-mail and password, checked on submit only (SPEC §5 Login); signed in, the page sends the user home. */
export function LoginForm() {
  const [showPassword, setShowPassword] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const client = useQueryClient();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', password: '' },
  });

  const onValid = (values: LoginInput) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: () => {
        notify({
          title: 'Bienvenido',
          text: 'Ya puedes navegar con tu cuenta!',
          icon: 'success',
          timer: NOTIFY_MS,
        });
        // The session is known now, so the login page sends the shopper home: one navigation, not two.
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 403 && error.code === ACCOUNT_DISABLED_CODE) {
          setFormError('Tu cuenta ha sido desactivada.');
          void showAccountDisabled(client);
          return;
        }
        const message = isApiError(error) && error.status === 401 ? WRONG_CREDENTIALS : errorMessage(error);
        setFormError(message);
        notify({ title: message, icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={handleSubmit(onValid)}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="login-password"
        label="Contraseña"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        error={errors.password?.message}
        end={
          <PasswordToggle
            visible={showPassword}
            controls="login-password"
            onToggle={() => setShowPassword((value) => !value)}
          />
        }
        {...register('password')}
      />
      {formError && <p className={formStyles.formError}>{formError}</p>}
      <Button type="submit" size="lg" disabled={login.isPending}>
        Iniciar sesión
      </Button>
    </form>
  );
}
