import { Link } from 'react-router';
import warningImage from '../../../assets/warning.svg';
import styles from './no-results.module.css';

export function NoResults() {
  return (
    <div className={styles.empty}>
      <img src={warningImage} alt="" width={120} height={120} />
      <p className={styles.message}>No hay coincidencias</p>
      <p className={styles.hint}>Prueba con otras palabras o quita algunos filtros.</p>
      <Link to="/products/todos">Ver todos los productos</Link>
    </div>
  );
}
