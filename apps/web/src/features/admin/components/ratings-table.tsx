import type { AdminRating } from '@vitrina/shared';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { Stars } from '../../../components/stars';
import { useFormatInstant } from '../../../lib/shop-dates';
import styles from './admin-page.module.css';

interface RatingsTableProps {
  ratings: readonly AdminRating[];
  caption: string;
  pendingId: number | undefined;
  /** 'Eliminar' on the visible ratings, 'Restaurar' on the hidden ones. */
  actionLabel: string;
  onAction: (rating: AdminRating) => void;
}

/** The ratings table (SPEC §2): calificación, comentario, product, author and 'Eliminar' or 'Restaurar'. */
export function RatingsTable({ ratings, caption, pendingId, actionLabel, onAction }: RatingsTableProps) {
  const formatDateTime = useFormatInstant();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Calificación</th>
            <th scope="col">Comentario</th>
            <th scope="col">Producto</th>
            <th scope="col">Autor</th>
            <th scope="col">Fecha</th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ratings.map((rating) => (
            <tr key={rating.id_motivo_calificacion}>
              <td data-label="Calificación">
                <Stars value={rating.valor_calificacion} size="sm" />
              </td>
              <th scope="row">
                {rating.descripcion_motivo || <span className={styles.muted}>Sin comentario</span>}
              </th>
              <td data-label="Producto">
                <Link to={`/product/${rating.id_producto}`}>{rating.producto}</Link>
              </td>
              <td data-label="Autor">
                {rating.autor.nombre}
                <br />
                <span className={styles.muted}>{rating.autor.email}</span>
              </td>
              <td data-label="Fecha">
                <time dateTime={rating.fecha}>{formatDateTime(rating.fecha)}</time>
              </td>
              <td className={styles.actions}>
                <Button
                  variant="secondary"
                  disabled={pendingId === rating.id_motivo_calificacion}
                  onClick={() => onAction(rating)}
                >
                  {actionLabel}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
