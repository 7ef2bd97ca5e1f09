import { useId } from 'react';
import formStyles from '../../../components/form.module.css';
import { LoadError } from '../../../components/load-error';
import { errorMessage } from '../../../lib/api-client';
import { useCartReminders, useSetCartReminders } from '../api/cart-reminders';
import styles from './account.module.css';

/**
 * The shopper's switch for the one e-mail about a cart left with items (docs/decisions/081): the same
 * setting as the e-mail's "dejar de recibir" link. While a change travels the switch shows it; a refused
 * change puts it back and says why.
 */
export function CartRemindersSwitch() {
  const hintId = useId();
  const reminders = useCartReminders();
  const save = useSetCartReminders();
  if (reminders.isPending) return null;
  if (reminders.isError) return <LoadError error={reminders.error} onRetry={() => reminders.refetch()} />;
  const on = save.isPending ? save.variables.recordatorios : reminders.data.recordatorios;
  return (
    <>
      <label className={formStyles.checkbox}>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          aria-describedby={hintId}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ recordatorios: event.target.checked })}
        />
        Recordarme mi carrito
      </label>
      <p id={hintId} className={styles.intro}>
        Si dejas productos en tu carrito sin comprarlos, te enviaremos un solo correo para recordártelo.
      </p>
      {save.isError && (
        <p role="alert" className={formStyles.formError}>
          {errorMessage(save.error)}
        </p>
      )}
    </>
  );
}
