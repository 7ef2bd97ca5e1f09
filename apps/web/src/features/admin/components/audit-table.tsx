import { type AuditAction, type AuditEntry, PAGES, pagePath } from '@vitrina/shared';
import { Link } from 'react-router';
import { useFormatInstant } from '../../../lib/shop-dates';
import styles from './admin-page.module.css';

/** Every action the trail records, as the page says it (the type makes a new action need its words). */
const ACTIONS: Record<AuditAction, string> = {
  'producto.creado': 'Creó el producto',
  'producto.editado': 'Editó el producto',
  'producto.desactivado': 'Eliminó el producto',
  'producto.restaurado': 'Restauró el producto',
  'usuario.baneado': 'Baneó al usuario',
  'usuario.restaurado': 'Restauró al usuario',
  'calificacion.ocultada': 'Ocultó la calificación',
  'calificacion.restaurada': 'Restauró la calificación',
  'pedido.estado': 'Cambió el estado del pedido',
  'pedido.reembolsado': 'Reembolsó el pedido',
  'pedido.reembolso_fallido': 'Reembolso rechazado después de hecho',
  'ajustes.editados': 'Editó los ajustes de la tienda',
  'sinonimo.creado': 'Creó el sinónimo',
  'sinonimo.editado': 'Editó el sinónimo',
  'sinonimo.borrado': 'Borró el sinónimo',
};
const actionLabel = (accion: string) => (accion in ACTIONS ? ACTIONS[accion as AuditAction] : accion);

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * 'campo: antes → después' for every value the change set (a creation lists what it set). Values only in
 * "antes" are context (what the hidden rating was), not changes.
 */
export function describeChanges(entry: Pick<AuditEntry, 'antes' | 'despues'>): string[] {
  const { antes, despues } = entry;
  if (antes === null) return Object.entries(despues ?? {}).map(([key, value]) => `${key}: ${show(value)}`);
  const keys = Object.keys(despues ?? antes);
  return keys
    .filter((key) => show(antes[key]) !== show(despues?.[key]))
    .map((key) => `${key}: ${show(antes[key])} → ${show(despues?.[key])}`);
}

function Subject({ entry }: { entry: AuditEntry }) {
  const label = `${entry.entidad} n.º ${entry.id_entidad ?? '—'}`;
  if (entry.entidad === 'producto' && entry.id_entidad !== null) {
    return <Link to={pagePath(PAGES.editProduct, entry.id_entidad)}>{label}</Link>;
  }
  if (entry.entidad === 'pedido' && entry.id_entidad !== null) {
    return <Link to={pagePath(PAGES.adminOrder, entry.id_entidad)}>{label}</Link>;
  }
  return <>{label}</>;
}

/** Changes made by admins, newest first: who, when, what, and the values before → after. */
export function AuditTable({
  entries,
  caption = 'Últimos cambios de los administradores',
  empty = 'Todavía no hay cambios registrados.',
}: {
  entries: readonly AuditEntry[];
  caption?: string;
  empty?: string;
}) {
  const formatDateTime = useFormatInstant();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Quién</th>
            <th scope="col">Qué</th>
            <th scope="col">Antes → después</th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td colSpan={4} className={styles.muted}>
                {empty}
              </td>
            </tr>
          ) : (
            entries.map((entry) => (
              <tr key={entry.id}>
                <th scope="row">
                  <time dateTime={entry.fecha}>{formatDateTime(entry.fecha)}</time>
                </th>
                <td data-label="Quién">
                  {entry.usuario ? (
                    entry.usuario.nombre
                  ) : (
                    <span className={styles.muted}>Cuenta eliminada</span>
                  )}
                </td>
                <td data-label="Qué">
                  {actionLabel(entry.accion)} <Subject entry={entry} />
                </td>
                <td data-label="Antes → después">
                  <ul className={styles.lines}>
                    {describeChanges(entry).map((change) => (
                      <li key={change}>{change}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
