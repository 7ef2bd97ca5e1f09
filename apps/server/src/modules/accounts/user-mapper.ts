import type { LoginType, SessionUser, Usuario } from '@vitrina/shared';
import type { usuario } from '../../db/schema';

type UserRow = typeof usuario.$inferSelect;

/** A user row as the API shows it: never the password hash. */
export function toUsuarioDto(row: UserRow): Usuario {
  return {
    id_usuario: row.id_usuario,
    primer_nombre: row.primer_nombre,
    primer_apellido: row.primer_apellido,
    email: row.email,
    direccion: row.direccion,
    telefono: row.telefono,
    imagen: row.imagen,
    estado: row.estado,
    admin: row.admin,
    rol: row.rol,
    tiene_password: row.password_hash !== null,
    createdAt: row.created_at.toISOString(),
  };
}

export function toSessionUser(row: UserRow, login: LoginType): SessionUser {
  return { ...toUsuarioDto(row), login };
}
