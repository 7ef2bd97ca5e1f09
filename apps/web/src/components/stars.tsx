import { roundedStars, STARS_MAX } from '@vitrina/shared';
import styles from './stars.module.css';

/** A rating or an average drawn as whole stars out of 5 (`roundedStars`), read as '4 de 5 estrellas'. */
export function Stars({ value, size = 'md' }: { value: number | null; size?: 'sm' | 'md' }) {
  const filled = roundedStars(value);
  return (
    <span
      className={`${styles.stars} ${size === 'sm' ? styles.sm : ''}`}
      role="img"
      aria-label={`${filled} de ${STARS_MAX} estrellas`}
    >
      {Array.from({ length: STARS_MAX }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the stars are a fixed row of five
        <span key={i} aria-hidden="true" className={i < filled ? styles.on : styles.off}>
          ★
        </span>
      ))}
    </span>
  );
}
