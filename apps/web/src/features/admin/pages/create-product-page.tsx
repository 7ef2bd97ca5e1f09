import { PAGES } from '@vitrina/shared';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCategories } from '../../catalog';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { CreateProductForm } from '../components/create-product-form';

/** /producto (SPEC §2): create a product. */
export function CreateProductPage() {
  useDocumentTitle(PAGES.createProduct.title);
  const categories = useCategories();
  return (
    <div className={styles.page}>
      <AdminPageHeader title="Crear producto" />
      <section className={styles.panel} aria-label="Datos del producto">
        <CreateProductForm categories={categories} />
      </section>
    </div>
  );
}
