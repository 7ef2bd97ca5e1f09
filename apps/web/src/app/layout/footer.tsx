import { PAGES } from '@vitrina/shared';
import { Link } from 'react-router';
import styles from './footer.module.css';
import { Logo } from './logo';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo />
          <p>Tu tienda en línea de confianza.</p>
        </div>
        <nav aria-label="Pie de página">
          <ul className={styles.links}>
            <li>
              <Link to="/about">Acerca de</Link>
            </li>
            <li>
              <Link to="/products/todos">Ver Todo</Link>
            </li>
            <li>
              <Link to="/products/todos?descuento=true">Ofertas</Link>
            </li>
            <li>
              <Link to={PAGES.terms.path}>Términos de uso</Link>
            </li>
            <li>
              <Link to={PAGES.privacy.path}>Aviso de privacidad</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.copy}>© {new Date().getFullYear()} Vitrina. Todos los derechos reservados.</p>
      </div>
    </footer>
  );
}
