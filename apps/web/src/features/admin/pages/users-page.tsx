import { NOTIFY_MS, PAGES, type Usuario, userMatches } from '@vitrina/shared';
import { useRef, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api-client';
import { confirm, notify } from '../../../lib/notifications';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUsers } from '../api/get-users';
import { useSetUserEnabled } from '../api/set-user-enabled';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { fullName, UsersTable } from '../components/users-table';

/**
 * /admin/usuarios (SPEC §2, §4, §8): active customers with 'Banear', banned ones with 'Restaurar', each
 * after '¿Desea banear/restaurar al usuario {name}?' (Cancel / Sí). Admins are never listed. A search by name
 * or e-mail narrows both tables; each name opens the customer's page.
 */
export function UsersPage() {
  useDocumentTitle(PAGES.adminUsers.title);
  const users = useUsers();
  const change = useSetUserEnabled();
  const activeCaption = useRef<HTMLTableCaptionElement>(null);
  const bannedCaption = useRef<HTMLTableCaptionElement>(null);
  const [search, setSearch] = useState('');

  const setEstado = async (user: Usuario, estado: boolean) => {
    const name = fullName(user);
    const confirmed = await confirm({
      title: estado ? `¿Desea restaurar al usuario ${name}?` : `¿Desea banear al usuario ${name}?`,
      text: estado
        ? 'Podrá volver a iniciar sesión y comprar.'
        : 'No podrá iniciar sesión hasta que lo restaures.',
      // SPEC §8 names this dialog's buttons: 'Cancel / Sí'.
      cancelText: 'Cancel',
    });
    if (!confirmed) return;
    change.mutate(
      { id_usuario: user.id_usuario, estado },
      {
        onSuccess: () => {
          notify({
            title: estado ? 'Usuario restaurado' : 'Usuario baneado',
            text: name,
            icon: 'success',
            timer: NOTIFY_MS,
          });
          // The row moved to the other table: focus goes back to the table it left.
          (estado ? bannedCaption : activeCaption).current?.focus();
        },
        onError: (error) =>
          notify({ title: 'Error', text: errorMessage(error), icon: 'error', timer: NOTIFY_MS }),
      },
    );
  };

  const shown = users.data?.filter((u) => userMatches(u, search)) ?? [];
  const active = shown.filter((u) => u.estado);
  const banned = shown.filter((u) => !u.estado);
  const searched = search.trim() ? ` con «${search.trim()}»` : '';
  const pendingId = change.isPending ? change.variables?.id_usuario : undefined;

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Gestionar usuarios" />
      {users.isPending ? (
        <Loader label="Cargando usuarios…" />
      ) : users.isError ? (
        <LoadError
          className={styles.message}
          what="los usuarios"
          error={users.error}
          onRetry={users.refetch}
          retrying={users.isFetching}
        />
      ) : (
        <>
          <TextField
            label="Buscar por nombre o correo"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <UsersTable
            users={active}
            caption={`Usuarios activos${searched}: ${active.length}`}
            captionRef={activeCaption}
            actionLabel="Banear"
            pendingId={pendingId}
            onAction={(user) => setEstado(user, false)}
            empty="No hay usuarios activos."
          />
          <UsersTable
            users={banned}
            caption={`Usuarios baneados${searched}: ${banned.length}`}
            captionRef={bannedCaption}
            actionLabel="Restaurar"
            pendingId={pendingId}
            onAction={(user) => setEstado(user, true)}
            empty="No hay usuarios baneados."
          />
        </>
      )}
    </div>
  );
}
