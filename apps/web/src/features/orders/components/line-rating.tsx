import { type OrderSummaryLine, RATING_ANCHOR } from '@vitrina/shared';
import { useEffect, useRef, useState } from 'react';
import { RatingForm } from './rating-form';
import styles from './rating-form.module.css';

/**
 * A bought line's rating: its form until it is rated, then 'Ya calificaste este producto'. Shared by the
 * purchase history and the order page (an account's, or a guest's opened by its signed link: `acceso`).
 */
export function LineRating({ line, acceso }: { line: OrderSummaryLine; acceso?: string | undefined }) {
  const [justRated, setJustRated] = useState(false);
  const ratedRef = useRef<HTMLParagraphElement>(null);

  // After rating, focus lands on the confirmation that replaced the form.
  useEffect(() => {
    if (justRated) ratedRef.current?.focus();
  }, [justRated]);

  if (line.comentado || justRated)
    return (
      <p ref={ratedRef} tabIndex={-1} className={styles.rated}>
        Ya calificaste este producto
      </p>
    );
  return <RatingForm line={line} acceso={acceso} onRated={() => setJustRated(true)} />;
}

/** The element id the delivered e-mail's link of a line points at ('#calificar-12'). */
export const ratingAnchor = (line: { id_detalle_venta: number }) =>
  `${RATING_ANCHOR}${line.id_detalle_venta}`;
