import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CalificacionInput,
  calificacionSchema,
  NOTIFY_MS,
  type OrderSummaryLine,
} from '@vitrina/shared';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useRateSaleLine } from '../api/rate-sale-line';
import styles from './rating-form.module.css';
import { StarRatingInput } from './star-rating-input';

type RatingValues = z.output<typeof calificacionSchema>;

/**
 * Rates a bought line (SPEC §5): 1–5 stars required ('Calificacion obligatoria'), a comment under 50
 * characters ('Maximo 50 caracteres'), both checked live with the shared schema; 'Calificar' stays
 * disabled until the form is valid.
 */
export function RatingForm({
  line,
  acceso,
  onRated,
}: {
  line: OrderSummaryLine;
  /** The order's signed link (a guest's order): the rating goes through it, no account needed. */
  acceso?: string | undefined;
  onRated: () => void;
}) {
  const rate = useRateSaleLine(acceso);
  const id = useId();
  const starsErrorId = `${id}-stars-error`;
  const commentId = `${id}-comment`;
  const commentErrorId = `${id}-comment-error`;
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<CalificacionInput, unknown, RatingValues>({
    resolver: zodResolver(calificacionSchema),
    mode: 'onChange',
    defaultValues: { descripcion_motivo: '', id_detalle_venta: line.id_detalle_venta },
  });
  const stars = useController({ control, name: 'valor_calificacion' });

  const onValid = (values: RatingValues) => {
    rate.mutate(
      { id_producto: line.id_producto, id_venta: line.id_venta, rating: values },
      {
        onSuccess: () => {
          notify({ title: 'Comentado', text: 'Gracias por tu opinion!', icon: 'success', timer: NOTIFY_MS });
          onRated();
        },
        onError: (error) => {
          // 409: it was rated already (another tab); the refreshed history shows it as rated.
          if (isApiError(error) && error.status === 409) notify({ title: error.message, icon: 'info' });
        },
      },
    );
  };

  const starsError = errors.valor_calificacion?.message;
  const commentError = errors.descripcion_motivo?.message;
  const failed = rate.isError && !(isApiError(rate.error) && rate.error.status === 409);
  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onValid)}>
      <div className={styles.starsBlock}>
        <StarRatingInput
          name={`calificacion-${line.id_detalle_venta}`}
          value={stars.field.value}
          onChange={stars.field.onChange}
          onBlur={stars.field.onBlur}
          errorId={starsErrorId}
          invalid={Boolean(starsError)}
        />
        {starsError && (
          <p id={starsErrorId} className={styles.error}>
            {starsError}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={commentId} className={styles.label}>
          Comentario
        </label>
        <textarea
          id={commentId}
          rows={1}
          className={`${styles.textarea} ${commentError ? styles.invalid : ''}`}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? commentErrorId : undefined}
          {...register('descripcion_motivo', { deps: ['valor_calificacion'] })}
        />
        {commentError && (
          <p id={commentErrorId} className={styles.error}>
            {commentError}
          </p>
        )}
      </div>
      {failed && (
        <p className={`${formStyles.formError} ${styles.wide}`} role="alert">
          {errorMessage(rate.error)}
        </p>
      )}
      <Button
        type="submit"
        className={styles.submit}
        disabled={!isValid || rate.isPending}
        aria-busy={rate.isPending || undefined}
      >
        Calificar
      </Button>
    </form>
  );
}
