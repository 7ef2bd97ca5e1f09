import { EyeIcon, EyeOffIcon } from './control-icons';
import styles from './password-toggle.module.css';

interface PasswordToggleProps {
  visible: boolean;
  onToggle: () => void;
  /** The ids of the password inputs it switches. */
  controls: string;
}

/** The show/hide button of password fields; its name says what a press does. */
export function PasswordToggle({ visible, onToggle, controls }: PasswordToggleProps) {
  return (
    <button type="button" className={styles.toggle} aria-controls={controls} onClick={onToggle}>
      {visible ? <EyeOffIcon width={20} height={20} /> : <EyeIcon width={20} height={20} />}
      <span className="visually-hidden">{visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}</span>
    </button>
  );
}
