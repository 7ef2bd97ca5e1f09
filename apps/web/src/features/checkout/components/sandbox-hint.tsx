import styles from './card-form.module.css';

/** The sandbox's test cards (shown while payments run in test mode). */
export function SandboxHint() {
  return (
    <div className={styles.hint}>
      <p>
        <strong>Modo de prueba: usa 4242 4242 4242 4242</strong> con cualquier fecha futura y cualquier CVC.
      </p>
      <ul>
        <li>Rechazada: 4000 0000 0000 0002</li>
        <li>Fondos insuficientes: 4000 0000 0000 9995</li>
        <li>Pide confirmación: 4000 0025 0000 3155</li>
      </ul>
    </div>
  );
}
