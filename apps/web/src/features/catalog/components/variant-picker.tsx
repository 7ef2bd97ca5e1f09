import { type ProductOption, type Variant, type VariantChoice, valueUnavailable } from '@vitrina/shared';
import { useId } from 'react';
import { isColorOption, swatchColor } from '../utils/swatch-colors';
import styles from './variant-picker.module.css';

interface VariantPickerProps {
  opciones: readonly ProductOption[];
  variantes: readonly Variant[];
  choice: VariantChoice;
  onChoose: (index: number, value: string) => void;
  /** The options still to choose are pointed out (the shopper tried to buy without a full choice). */
  showMissing: boolean;
}

/**
 * One radio group per option: colour swatches for a colour option (a labelled chip for a colour without a
 * known swatch), buttons for the others. A value no variant can be bought with, given the other values
 * chosen, stays in view, drawn unavailable, with its reason in its name ('Azul (Agotado)'). It can still
 * be chosen: with S·Rojo chosen and only M·Azul left, disabling M (no M·Rojo) and Azul (no S·Azul)
 * would leave no way to reach it; the page then says the combination cannot be bought.
 */
export function VariantPicker({ opciones, variantes, choice, onChoose, showMissing }: VariantPickerProps) {
  return (
    <div className={styles.picker}>
      {opciones.map((option, index) => (
        <OptionGroup
          key={option.nombre}
          option={option}
          index={index}
          variantes={variantes}
          choice={choice}
          onChoose={onChoose}
          missing={showMissing && choice[index] === undefined}
        />
      ))}
    </div>
  );
}

interface OptionGroupProps {
  option: ProductOption;
  index: number;
  variantes: readonly Variant[];
  choice: VariantChoice;
  onChoose: (index: number, value: string) => void;
  missing: boolean;
}

function OptionGroup({ option, index, variantes, choice, onChoose, missing }: OptionGroupProps) {
  const name = useId();
  const hintId = `${name}-falta`;
  const colors = isColorOption(option.nombre);
  const chosen = choice[index];
  return (
    <fieldset
      className={`${styles.option} ${missing ? styles.missing : ''}`}
      aria-describedby={missing ? hintId : undefined}
    >
      <legend className={styles.legend}>
        {option.nombre}: <span className={styles.chosen}>{chosen ?? 'sin elegir'}</span>
      </legend>
      <div className={styles.values}>
        {option.valores.map((value) => {
          const reason = valueUnavailable(variantes, choice, index, value);
          const color = colors ? swatchColor(value) : undefined;
          return (
            <label
              key={value}
              className={`${color ? styles.swatch : styles.chip} ${reason ? styles.unavailable : ''}`}
              title={reason ? `${value}: ${reason}` : value}
            >
              <input
                type="radio"
                className={styles.input}
                name={name}
                value={value}
                checked={chosen === value}
                onChange={() => onChoose(index, value)}
              />
              {color ? (
                <>
                  <span className={styles.color} style={{ background: color }} aria-hidden="true" />
                  <span className="visually-hidden">{value}</span>
                </>
              ) : (
                <span>{value}</span>
              )}
              {reason && (
                <>
                  {' '}
                  <span className={color ? 'visually-hidden' : styles.reason}>({reason})</span>
                </>
              )}
            </label>
          );
        })}
      </div>
      {missing && (
        <p id={hintId} className={styles.hint}>
          Elige {option.nombre.toLowerCase()}
        </p>
      )}
    </fieldset>
  );
}
