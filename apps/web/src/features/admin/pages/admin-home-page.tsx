import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './admin-home-page.module.css';

const SECTIONS = [
  { to: '/products/admin', label: 'Gestionar productos', text: 'Buscar, editar y dar de baja productos.' },
  { to: '/admin/usuarios', label: 'Gestionar usuarios', text: 'Banear y restaurar cuentas de clientes.' },
  { to: '/producto', label: 'Crear producto', text: 'Publicar un producto nuevo en la tienda.' },
  { to: '/historialVentas', label: 'Historial de ventas', text: 'Ver las ventas por fecha con su detalle.' },
  { to: '/calificaciones', label: 'Gestionar calificaciones', text: 'Revisar y ocultar opiniones.' },
] as const;

/** /adminHome (SPEC §2): the administration dashboard. */
export function AdminHomePage() {
  useDocumentTitle('Administración');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Administración</h1>
      <ul className={styles.grid}>
        {SECTIONS.map((section) => {
          const textId = `admin${section.to.replace(/\W/g, '-')}`;
          return (
            <li key={section.to} className={styles.tile}>
              <Link to={section.to} className={styles.label} aria-describedby={textId}>
                {section.label}
              </Link>
              <p id={textId} className={styles.text}>
                {section.text}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
