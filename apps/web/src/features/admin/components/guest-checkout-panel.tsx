import { NOTIFY_MS } from '@vitrina/shared';
import formStyles from '../../../components/form.module.css';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useGuestCheckoutSettings, useSaveGuestCheckout } from '../api/guest-checkout-settings';
import styles from './admin-page.module.css';

/** Whether visitors may buy without an account (decision 085); saved as soon as it is ticked. */
export function GuestCheckoutPanel() {
  const settings = useGuestCheckoutSettings();
  const save = useSaveGuestCheckout();
  return (
    <section className={styles.panel} aria-labelledby="compra-invitado">
      <h2 id="compra-invitado" className={styles.subtitle}>
        Compra sin cuenta
      </h2>
      <p>
        Quien compra sin cuenta escribe su correo y su nombre; recibe en ese correo la confirmación y un
        enlace para seguir su pedido. Sin esta opción, comprar pide iniciar sesión.
      </p>
      {settings.data && (
        <label className={formStyles.checkbox}>
          <input
            type="checkbox"
            checked={settings.data.compra_invitado}
            disabled={save.isPending}
            onChange={(event) =>
              save.mutate(
                { compra_invitado: event.target.checked },
                {
                  onError: (error) =>
                    notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS }),
                },
              )
            }
          />
          Permitir comprar sin cuenta
        </label>
      )}
    </section>
  );
}
