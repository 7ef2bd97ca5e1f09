import { type InventorySettings, inventorySettingsSchema, NOTIFY_MS } from '@vitrina/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useInventorySettings, useSaveInventorySettings } from '../api/inventory-settings';
import styles from './admin-page.module.css';

/** Ajustes › Inventario: the shop's low-stock threshold, for the variants without their own. */
export function InventoryPanel() {
  const inventory = useInventorySettings();
  return (
    <section className={styles.panel} aria-labelledby="ajustes-inventario">
      <h2 id="ajustes-inventario" className={styles.subtitle}>
        Inventario
      </h2>
      {inventory.isPending ? (
        <Loader label="Cargando el inventario…" />
      ) : inventory.isError ? (
        <LoadError what="el inventario" error={inventory.error} onRetry={() => inventory.refetch()} />
      ) : (
        <InventoryForm saved={inventory.data} />
      )}
    </section>
  );
}

function InventoryForm({ saved }: { saved: InventorySettings }) {
  const save = useSaveInventorySettings();
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = inventorySettingsSchema.safeParse({
      stock_minimo: String(new FormData(form).get('stock_minimo') ?? ''),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      form.querySelector<HTMLInputElement>('[name="stock_minimo"]')?.focus();
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => notify({ title: 'Inventario guardado', icon: 'success', timer: NOTIFY_MS }),
      onError: (failure) => {
        if (isApiError(failure)) setError(failure.fields?.stock_minimo);
        notify({ title: 'Error', text: errorMessage(failure), icon: 'error', timer: NOTIFY_MS });
      },
    });
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-labelledby="ajustes-inventario">
      <p>
        Una variante con estas unidades o menos tiene stock bajo: el panel la lista y la tienda recibe un
        correo al día mientras alguna lo tenga. Cada variante puede tener su propio stock mínimo.
      </p>
      <TextField
        label="Stock mínimo"
        name="stock_minimo"
        inputMode="numeric"
        defaultValue={String(saved.stock_minimo)}
        hint="Unidades, de 0 a 10000. 0: avisar solo cuando se agote."
        error={error}
      />
      <div className={formStyles.actions}>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          Guardar inventario
        </Button>
      </div>
    </form>
  );
}
