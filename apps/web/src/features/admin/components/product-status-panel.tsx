import { NOTIFY_MS, type Product } from '@vitrina/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { confirm, notify } from '../../../lib/notifications';
import { useSetProductActive } from '../api/set-product-active';
import styles from './admin-page.module.css';

/**
 * 'Eliminar' hides the product from the shop, 'Restaurar' shows it again (SPEC §4: the same toggle call),
 * each after a confirmation. The button keeps focus while its label changes.
 */
export function ProductStatusPanel({ product }: { product: Product }) {
  const titleId = useId();
  const toggle = useSetProductActive();
  const active = product.estado;

  const change = async () => {
    const confirmed = await confirm({
      title: active
        ? `¿Desea eliminar el producto ${product.nombre}?`
        : `¿Desea restaurar el producto ${product.nombre}?`,
      text: active
        ? 'Dejará de mostrarse en la tienda; podrás restaurarlo después.'
        : 'Volverá a mostrarse en la tienda.',
    });
    if (!confirmed) {
      notify({ title: 'Cambios no realizados', icon: 'info', timer: NOTIFY_MS });
      return;
    }
    toggle.mutate(
      { id: product.id_producto, estado: !active },
      {
        onSuccess: (updated) =>
          notify({
            title: updated.estado ? 'Producto restaurado' : 'Producto eliminado',
            text: updated.estado ? 'Ya se muestra en la tienda.' : 'Ya no se muestra en la tienda.',
            icon: 'success',
            timer: NOTIFY_MS,
          }),
        onError: (error) =>
          notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS }),
      },
    );
  };

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.subtitle}>
        Estado en la tienda
      </h2>
      <p>
        <span className={`${styles.badge} ${active ? styles.ok : styles.danger}`}>
          {active ? 'Habilitado' : 'Inactivo'}
        </span>{' '}
        {active ? 'Este producto se muestra en la tienda.' : 'Este producto está oculto en la tienda.'}
        {active && product.stock === 0 && ' Sin stock: la tienda no lo lista hasta que repongas unidades.'}
      </p>
      <div className={styles.buttons}>
        <Button variant={active ? 'secondary' : 'primary'} disabled={toggle.isPending} onClick={change}>
          {active ? 'Eliminar' : 'Restaurar'}
        </Button>
        {active && <Link to={`/products/${product.id_producto}`}>Ver en la tienda</Link>}
      </div>
    </section>
  );
}
