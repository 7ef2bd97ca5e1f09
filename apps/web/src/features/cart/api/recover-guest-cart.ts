import type { GuestCart, GuestCartRecovery } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/carrito/invitado/recuperar: the saved cart of a guest's reminder link, joined with this
 * browser's lines; from then on this browser keeps it (a cookie). 404: a link that is not one.
 */
export const recoverGuestCart = (input: GuestCartRecovery) =>
  api<GuestCart>('/carrito/invitado/recuperar', { method: 'POST', body: input });
