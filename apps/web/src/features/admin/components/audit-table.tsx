import { type AuditChange, type AuditEntry, PAGES, pagePath } from '@vitrina/shared';
import { Link } from 'react-router';
import { useFormatInstant } from '../../../lib/shop-dates';
import styles from './admin-page.module.css';

/** 'Campo: antes → después'; a value on one side only is what was set, removed, or what the thing was. */
const changeText = ({ campo, antes, despues }: AuditChange) =>
  antes === null || despues === null ? `${campo}: ${antes ?? despues}` : `${campo}: ${antes} → ${despues}`;

/** Where the subject of an entry is shown, when it has a page of its own. */
function subjectPath(entry: AuditEntry): string | null {
  if (entry.id_entidad === null) return null;
  if (entry.entidad === 'producto') return pagePath(PAGES.editProduct, entry.id_entidad);
  if (entry.entidad === 'pedido') return pagePath(PAGES.adminOrder, entry.id_entidad);
  return null;
}

/** The server's sentence, its closing words (the subject) a link to the product or the order. */
function Summary({ entry }: { entry: AuditEntry }) {
  const path = subjectPath(entry);
  const { resumen, sujeto } = entry;
  if (path === null || sujeto === null || !resumen.endsWith(sujeto)) return <>{resumen}</>;
  return (
    <>
      {resumen.slice(0, resumen.length - sujeto.length)}
      <Link to={path}>{sujeto}</Link>
    </>
  );
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
                  <Summary entry={entry} />
                </td>
                <td data-label="Antes → después">
                  <ul className={styles.lines}>
                    {entry.cambios.map((change) => (
                      <li key={change.campo}>{changeText(change)}</li>
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
