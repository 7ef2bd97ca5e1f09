import { PAGES, pagePath, type Usuario } from '@vitrina/shared';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { ContactPhone } from '../../../components/contact-phone';
import styles from './admin-page.module.css';

interface UsersTableProps {
  users: readonly Usuario[];
  caption: string;
  captionRef?: Ref<HTMLTableCaptionElement>;
  /** 'Banear' for active users, 'Restaurar' for banned ones. */
  actionLabel: 'Banear' | 'Restaurar';
  pendingId: number | undefined;
  onAction: (user: Usuario) => void;
  empty: string;
}

export const fullName = (user: Pick<Usuario, 'primer_nombre' | 'primer_apellido'>) =>
  `${user.primer_nombre} ${user.primer_apellido}`.trim();

/** One of the two user tables (SPEC §2): each row named by the user, with its one action. */
export function UsersTable({
  users,
  caption,
  captionRef,
  actionLabel,
  pendingId,
  onAction,
  empty,
}: UsersTableProps) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption ref={captionRef} tabIndex={-1}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">Nombre</th>
            <th scope="col">Email</th>
            <th scope="col">Teléfono</th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.length === 0 ? (
            <tr>
              <td colSpan={4} className={styles.muted}>
                {empty}
              </td>
            </tr>
          ) : (
            users.map((user) => (
              <tr key={user.id_usuario}>
                <th scope="row">
                  <Link to={pagePath(PAGES.adminCustomer, user.id_usuario)}>{fullName(user)}</Link>
                </th>
                <td data-label="Email">{user.email}</td>
                <td data-label="Teléfono">
                  <ContactPhone telefono={user.telefono} />
                </td>
                <td className={styles.actions}>
                  <Button
                    variant={actionLabel === 'Banear' ? 'secondary' : 'primary'}
                    disabled={pendingId === user.id_usuario}
                    onClick={() => onAction(user)}
                  >
                    {actionLabel}
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
