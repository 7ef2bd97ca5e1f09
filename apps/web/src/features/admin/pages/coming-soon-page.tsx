import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './admin-home-page.module.css';

/** The admin screens not built yet (products table, users, sales, ratings, product forms). */
export function ComingSoonPage() {
  useDocumentTitle('Próximamente');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Próximamente</h1>
      <p>Esta sección de administración estará disponible muy pronto.</p>
      <p>
        <Link to="/adminHome" className={buttonClass('secondary')}>
          Volver a Administración
        </Link>
      </p>
    </div>
  );
}
