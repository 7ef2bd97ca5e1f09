import { NOTIFY_MS, type Synonym, synonymInputSchema } from '@vitrina/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useSaveSynonym } from '../api/synonyms';
import { describeSynonym, joinTerms, splitTerms } from '../utils/synonym-terms';
import styles from './admin-page.module.css';
import synonymStyles from './synonym-form.module.css';

interface SynonymFormProps {
  /** The entry being edited; none: a new one. */
  entry?: Synonym;
  /** A new entry's starting text (a search that found nothing, from the dashboard). */
  initialText?: string;
  /** After a save (and, when editing, on 'Cancelar'). */
  onDone?: () => void;
}

/**
 * Creates or edits an entry of the synonyms dictionary: its terms, separated by commas, and whether all
 * of them are equivalent or only the first one finds the others. The shared schema's Spanish messages
 * are shown before sending; the server's (a term already in another entry: 409) after.
 */
export function SynonymForm({ entry, initialText = '', onDone }: SynonymFormProps) {
  const [text, setText] = useState(entry ? joinTerms(entry.terminos) : initialText);
  const [unidireccional, setUnidireccional] = useState(entry?.unidireccional ?? false);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const save = useSaveSynonym();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = synonymInputSchema.safeParse({ terminos: splitTerms(text), unidireccional });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    save.mutate(
      { id: entry?.id_sinonimo, input: parsed.data },
      {
        onSuccess: () => {
          notify({
            title: entry ? 'Sinónimo guardado' : 'Sinónimo creado',
            text: 'Las búsquedas de la tienda ya lo usan.',
            icon: 'success',
            timer: NOTIFY_MS,
          });
          if (!entry) {
            setText('');
            setUnidireccional(false);
          }
          onDone?.();
        },
        onError: (failure) => {
          setError(
            isApiError(failure) ? (failure.fields?.terminos ?? failure.message) : errorMessage(failure),
          );
          input.current?.focus();
        },
      },
    );
  };

  return (
    <form
      className={`${styles.panel} ${formStyles.form}`}
      aria-label={entry ? 'Editar sinónimo' : 'Nuevo sinónimo'}
      noValidate
      onSubmit={submit}
    >
      <TextField
        ref={input}
        label="Términos"
        name="terminos"
        hint="Sepáralos con comas; un término puede tener varias palabras (air fryer, freidora de aire)."
        autoComplete="off"
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <fieldset className={synonymStyles.direction} aria-describedby={`${id}-explanation`}>
        <legend>Sentido</legend>
        <label>
          <input
            type="radio"
            name="sentido"
            checked={!unidireccional}
            onChange={() => setUnidireccional(false)}
          />
          En ambos sentidos: todos los términos son equivalentes
        </label>
        <label>
          <input
            type="radio"
            name="sentido"
            checked={unidireccional}
            onChange={() => setUnidireccional(true)}
          />
          En un solo sentido: el primer término también encuentra los demás
        </label>
        <p id={`${id}-explanation`} className={synonymStyles.explanation}>
          {describeSynonym(splitTerms(text), unidireccional)}
        </p>
      </fieldset>
      <div className={styles.buttons}>
        <Button type="submit" disabled={save.isPending}>
          {entry ? 'Guardar cambios' : 'Crear sinónimo'}
        </Button>
        {entry && (
          <Button variant="ghost" onClick={onDone}>
            Cancelar
          </Button>
        )}
      </div>
    </form>
  );
}
