/** The demo customer README names; the admin comes from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const DEMO_CUSTOMER = {
  primer_nombre: 'Lucía',
  primer_apellido: 'Hernández',
  email: 'cliente@vitrina.local',
  password: 'Cliente12345',
  direccion: 'Calle Alcalá 45, 28014 Madrid',
  telefono: '5587654321',
} as const;
