import styles from './loader.module.css';

/** An accessible spinner: a polite status region with a Spanish label. */
export function Loader({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div className={styles.loader} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
