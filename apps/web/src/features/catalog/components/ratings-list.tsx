import { type ProductRatings, spellDay } from '@vitrina/shared';
import { Stars } from '../../../components/stars';
import styles from './ratings-list.module.css';

/** The product's opinions with their average; SPEC's empty text when there are none. */
export function RatingsList({ ratings }: { ratings: ProductRatings }) {
  if (ratings.items.length === 0) {
    return <p className={styles.empty}>Este producto no tiene opiniones aun</p>;
  }
  return (
    <>
      <div className={styles.summary}>
        <Stars value={ratings.promedio} />
        <span>
          {ratings.total} {ratings.total === 1 ? 'opinión' : 'opiniones'}
        </span>
      </div>
      <ul className={styles.list}>
        {ratings.items.map((rating) => (
          <li key={rating.id_motivo_calificacion} className={styles.item}>
            <div className={styles.meta}>
              <Stars value={rating.valor_calificacion} size="sm" />
              <span className={styles.author}>{rating.autor}</span>
              <time className={styles.date} dateTime={rating.dia}>
                {spellDay(rating.dia)}
              </time>
            </div>
            <p className={styles.comment}>{rating.descripcion_motivo}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
