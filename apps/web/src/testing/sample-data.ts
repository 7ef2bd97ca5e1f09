import type { SessionUser } from '@vitrina/shared';

/** GET /api/config as the tests' shop answers it. */
export const shopConfig = { shopName: 'Vitrina', supportEmail: 'x@y.z' };

/** Ana, a customer who signed up with e-mail and password; `overrides` make her a Google user or an admin. */
export const sessionUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id_usuario: 2,
  primer_nombre: 'Ana',
  primer_apellido: 'López',
  email: 'ana@vitrina.local',
  direccion: 'Avenida Reforma 123',
  telefono: '5512345678',
  imagen: '',
  estado: true,
  admin: false,
  tiene_password: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  login: 'database',
  ...overrides,
});
