import { PAGES, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffMember, type StaffRole } from '@vitrina/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { confirm, notify } from '../../../lib/notifications';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  useCancelInvitation,
  useChangeStaffRole,
  useInviteStaff,
  useRevokeStaff,
  useStaff,
} from '../api/staff';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { SelectField } from '../components/select-field';

/** What each role opens, as the owner chooses it. */
const ROLE_HINTS: Record<StaffRole, string> = {
  encargado: 'Encargado: productos, stock, pedidos y calificaciones.',
  ventas: 'Ventas: solo los pedidos (preparar, enviar, entregar).',
};

const failed = (title: string) => (error: unknown) =>
  notify({ title, text: errorMessage(error), icon: 'error' });

/**
 * /admin/personal 'Personal' (the owner's): the staff with their role, the invitations waiting, and the
 * form to invite someone by e-mail. Changing a role or removing someone ends their sessions at once.
 */
export function StaffPage() {
  useDocumentTitle(PAGES.adminStaff.title);
  const staff = useStaff();
  const cancel = useCancelInvitation();

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Personal" />
      <p>
        Invita a tus empleados con un rol. {ROLE_HINTS.encargado} {ROLE_HINTS.ventas} Los usuarios, los
        ajustes, los pagos, los reembolsos, los correos y el registro de cambios son solo tuyos.
      </p>
      <InviteForm />
      {staff.isPending ? (
        <Loader label="Cargando el personal…" />
      ) : staff.isError ? (
        <LoadError className={styles.message} error={staff.error} onRetry={() => staff.refetch()} />
      ) : (
        <>
          <section aria-labelledby="personal-lista" className={styles.page}>
            <h2 id="personal-lista" className={styles.subtitle}>
              Tu personal
            </h2>
            {staff.data.personal.length === 0 ? (
              <p className={styles.message}>Todavía no hay nadie en tu personal.</p>
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">Nombre</th>
                      <th scope="col">Correo</th>
                      <th scope="col">Rol</th>
                      <th scope="col">
                        <span className="visually-hidden">Acciones</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {staff.data.personal.map((member) => (
                      <MemberRow key={member.id_usuario} member={member} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section aria-labelledby="personal-invitaciones" className={styles.page}>
            <h2 id="personal-invitaciones" className={styles.subtitle}>
              Invitaciones pendientes
            </h2>
            {staff.data.invitaciones.length === 0 ? (
              <p className={styles.message}>No hay invitaciones pendientes.</p>
            ) : (
              <ul>
                {staff.data.invitaciones.map((invitation) => (
                  <li key={invitation.id}>
                    {invitation.email} · {STAFF_ROLE_LABELS[invitation.rol]}{' '}
                    <Button
                      variant="secondary"
                      onClick={() =>
                        cancel.mutate(invitation.id, { onError: failed('No se pudo cancelar la invitación') })
                      }
                    >
                      Cancelar invitación
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function InviteForm() {
  const invite = useInviteStaff();
  const [fields, setFields] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '');
    const rol = String(data.get('rol') ?? '') as StaffRole;
    invite.mutate(
      { email, rol },
      {
        onSuccess: (sent) => {
          setFields({});
          form.reset();
          notify({
            title: 'Invitación enviada',
            text: `${sent.email} recibirá un correo con el enlace para unirse como ${STAFF_ROLE_LABELS[sent.rol]}.`,
            icon: 'success',
          });
        },
        onError: (error) => {
          setFields(isApiError(error) ? (error.fields ?? {}) : {});
          failed('No se pudo invitar')(error);
        },
      },
    );
  };

  return (
    <form className={styles.toolbar} aria-label="Invitar al personal" onSubmit={onSubmit} noValidate>
      <TextField
        label="Correo del empleado"
        name="email"
        type="email"
        autoComplete="off"
        error={fields.email}
      />
      <SelectField label="Rol" name="rol" defaultValue="ventas" error={fields.rol}>
        {STAFF_ROLES.map((rol) => (
          <option key={rol} value={rol}>
            {STAFF_ROLE_LABELS[rol]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={invite.isPending}>
        Invitar
      </Button>
    </form>
  );
}

function MemberRow({ member }: { member: StaffMember }) {
  const change = useChangeStaffRole();
  const revoke = useRevokeStaff();

  const onRole = (rol: StaffRole) =>
    change.mutate(
      { id: member.id_usuario, rol },
      {
        onSuccess: () =>
          notify({
            title: 'Rol cambiado',
            text: `${member.nombre} ahora es ${STAFF_ROLE_LABELS[rol]}; sus sesiones se cerraron.`,
            icon: 'success',
          }),
        onError: failed('No se pudo cambiar el rol'),
      },
    );

  const onRevoke = async () => {
    const confirmed = await confirm({
      title: `¿Quitar el acceso de ${member.nombre}?`,
      text: 'Vuelve a ser un cliente y sus sesiones se cierran al instante.',
      confirmText: 'Quitar acceso',
      cancelText: 'Cancelar',
    });
    if (!confirmed) return;
    revoke.mutate(member.id_usuario, { onError: failed('No se pudo quitar el acceso') });
  };

  return (
    <tr>
      <td>{member.nombre}</td>
      <td>{member.email}</td>
      <td>
        <SelectField
          label={`Rol de ${member.nombre}`}
          value={member.rol}
          disabled={change.isPending}
          onChange={(event) => onRole(event.target.value as StaffRole)}
        >
          {STAFF_ROLES.map((rol) => (
            <option key={rol} value={rol}>
              {STAFF_ROLE_LABELS[rol]}
            </option>
          ))}
        </SelectField>
      </td>
      <td>
        <Button variant="secondary" onClick={onRevoke} disabled={revoke.isPending}>
          Quitar acceso
        </Button>
      </td>
    </tr>
  );
}
