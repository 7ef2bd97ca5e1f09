import type { DireccionEnvio } from '@vitrina/shared';

/** A shipping address every checkout of the tests can send (it passes the shared address rules). */
export const TEST_ADDRESS: DireccionEnvio = {
  nombre: 'Ana Compradora',
  direccion: 'Calle de Alcalá 45, Madrid',
  telefono: '5512345678',
};
