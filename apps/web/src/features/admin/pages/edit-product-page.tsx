import { PAGES } from '@vitrina/shared';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { isNotFound } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { parseId, useCategories } from '../../catalog';
import { useAdminProduct } from '../api/get-admin-product';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { EditProductForm } from '../components/edit-product-form';
import { ProductStatusPanel } from '../components/product-status-panel';

/** /product/:id (SPEC §2): edit, delete (Eliminar) or restore (Restaurar) a product, active or not. */
export function EditProductPage() {
  const id = parseId(useParams().id);
  useDocumentTitle(PAGES.editProduct.title);
  return (
    <div className={styles.page}>
      <AdminPageHeader title="Editar producto" />
      {id === undefined ? <ProductNotFound /> : <EditProduct id={id} />}
    </div>
  );
}

function EditProduct({ id }: { id: number }) {
  const product = useAdminProduct(id);
  const categories = useCategories();
  if (product.isPending) return <Loader label="Cargando el producto…" />;
  if (product.isError) {
    if (isNotFound(product.error)) return <ProductNotFound />;
    return (
      <LoadError
        className={styles.message}
        what="el producto"
        error={product.error}
        onRetry={product.refetch}
        retrying={product.isFetching}
      />
    );
  }
  return (
    <>
      <p className={styles.subtitle}>{product.data.nombre}</p>
      <ProductStatusPanel product={product.data} />
      <section className={styles.panel} aria-label="Datos del producto">
        <EditProductForm key={product.data.id_producto} product={product.data} categories={categories} />
      </section>
    </>
  );
}

function ProductNotFound() {
  return (
    <div className={styles.message}>
      <p role="alert">No existe un producto con ese identificador.</p>
    </div>
  );
}
