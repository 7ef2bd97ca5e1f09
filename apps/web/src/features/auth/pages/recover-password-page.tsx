import { zodResolver } from '@hookform/resolvers/zod';
import {
  PAGES,
  PASSWORD_RESET_MESSAGES,
  type PasswordRecoveryInput,
  passwordRecoverySchema,
} from '@vitrina/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRequestPasswordReset } from '../api/password-reset';
import styles from './auth-page.module.css';

/**
 * /recuperar: asks for the e-mail to send a reset link to. The answer reads the same whether or not the
 * address has an account, as the server's does.
 */
export function RecoverPasswordPage() {
  useDocumentTitle(PAGES.recoverPassword.title);
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordRecoveryInput>({
    resolver: zodResolver(passwordRecoverySchema),
    mode: 'onSubmit',
    defaultValues: { email: '' },
  });

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="recuperar-title">
        <h1 id="recuperar-title" className={styles.title}>
          ¿Olvidaste tu contraseña?
        </h1>
        {sent ? (
          <p role="status">{PASSWORD_RESET_MESSAGES.sent}</p>
        ) : (
          <>
            <p className={styles.intro}>
              Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.
            </p>
            <form
              className={formStyles.form}
              noValidate
              onSubmit={handleSubmit((values) => request.mutate(values, { onSuccess: () => setSent(true) }))}
            >
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...register('email')}
              />
              {request.isError && (
                <p className={formStyles.formError} role="alert">
                  {errorMessage(request.error)}
                </p>
              )}
              <Button type="submit" size="lg" disabled={request.isPending}>
                Enviar enlace
              </Button>
            </form>
          </>
        )}
        <p className={styles.switch}>
          <Link to={PAGES.login.path}>Volver a iniciar sesión</Link>
        </p>
      </section>
    </div>
  );
}
