import { STARS_MAX } from '@vitrina/shared';
import styles from './rating-form.module.css';

interface StarRatingInputProps {
  /** The radios' `name` (unique per form so that two forms never share a group). */
  name: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur: () => void;
  errorId?: string;
  invalid?: boolean;
}

const starLabel = (n: number) => (n === 1 ? '1 estrella' : `${n} estrellas`);

/** 1–5 stars as a radio group named 'Calificación' (arrow keys move between the stars). */
export function StarRatingInput({ name, value, onChange, onBlur, errorId, invalid }: StarRatingInputProps) {
  const legendId = `${name}-legend`;
  return (
    <fieldset
      className={styles.stars}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows radiogroup on a fieldset; the five stars are one radio group
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={invalid ? errorId : undefined}
      aria-invalid={invalid || undefined}
    >
      <legend id={legendId} className={styles.legend}>
        Calificación
      </legend>
      <div className={styles.starRow}>
        {Array.from({ length: STARS_MAX }, (_, i) => i + 1).map((n) => {
          const id = `${name}-${n}`;
          return (
            <span key={n} className={styles.star}>
              <input
                id={id}
                type="radio"
                name={name}
                value={n}
                className={styles.starInput}
                checked={value === n}
                onChange={() => onChange(n)}
                onBlur={onBlur}
              />
              <label htmlFor={id} className={value !== undefined && n <= value ? styles.on : styles.off}>
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{starLabel(n)}</span>
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}
