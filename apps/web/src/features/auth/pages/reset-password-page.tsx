import { zodResolver } from '@hookform/resolvers/zod';
import {
  NOTIFY_MS,
  PAGES,
  PASSWORD_RESET_MESSAGES,
  type PasswordResetInput,
  passwordResetSchema,
} from '@vitrina/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordToggle } from '../../../components/password-toggle';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetPassword } from '../api/password-reset';
import styles from './auth-page.module.css';

const IDS = 'restablecer-nueva restablecer-confirmar';

/** The link's token: `#token=…` (a fragment, so it never reaches a server log). */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/**
 * /restablecer#token=…: the new password for the account of the e-mailed link. Afterwards every session of
 * the account has ended, so the shopper signs in again with it.
 */
export function ResetPasswordPage() {
  useDocumentTitle(PAGES.resetPassword.title);
  const token = tokenOf(useLocation().hash);
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [visible, setVisible] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, dirtyFields },
  } = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetSchema),
    mode: 'onChange',
    values: { token, password: '', passwordconfirm: '' },
    resetOptions: { keepDirtyValues: true },
  });

  const onValid = (values: PasswordResetInput) =>
    reset.mutate(values, {
      onSuccess: () => {
        notify({
          title: 'Cambio exitoso',
          text: 'Inicia sesión con tu contraseña nueva.',
          icon: 'success',
          timer: NOTIFY_MS,
        });
        navigate(PAGES.login.path, { replace: true });
      },
    });

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="restablecer-title">
        <h1 id="restablecer-title" className={styles.title}>
          Elige una contraseña nueva
        </h1>
        {token === '' ? (
          <p role="alert">{PASSWORD_RESET_MESSAGES.invalidLink}</p>
        ) : (
          <form className={formStyles.form} noValidate onSubmit={handleSubmit(onValid)}>
            <NewPasswordFields
              idPrefix="restablecer"
              register={register}
              errors={errors}
              dirty={dirtyFields}
              visible={visible}
              toggle={
                <PasswordToggle visible={visible} controls={IDS} onToggle={() => setVisible((v) => !v)} />
              }
            />
            {reset.isError && (
              <p className={formStyles.formError} role="alert">
                {errorMessage(reset.error)}
              </p>
            )}
            <Button type="submit" size="lg" disabled={reset.isPending}>
              Guardar contraseña
            </Button>
          </form>
        )}
        <p className={styles.switch}>
          <Link to={PAGES.recoverPassword.path}>Pedir otro enlace</Link>
        </p>
      </section>
    </div>
  );
}
