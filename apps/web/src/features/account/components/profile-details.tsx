import { knownAddress, knownPhone, type SessionUser } from '@vitrina/shared';
import { Avatar } from '../../../components/avatar';
import styles from './account.module.css';

/** The user's data as the shop keeps it. */
export function ProfileDetails({ user }: { user: SessionUser }) {
  return (
    <div className={styles.details}>
      <Avatar firstName={user.primer_nombre} lastName={user.primer_apellido} src={user.imagen} size="lg" />
      <dl className={styles.list}>
        <div>
          <dt>Nombre</dt>
          <dd>
            {user.primer_nombre} {user.primer_apellido}
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Dirección</dt>
          <dd>{knownAddress(user.direccion) ?? 'Sin dirección'}</dd>
        </div>
        <div>
          <dt>Teléfono</dt>
          <dd>{knownPhone(user.telefono) ?? 'Sin teléfono'}</dd>
        </div>
      </dl>
    </div>
  );
}
