import type { FastifyRequest } from 'fastify';
import { assertMayBuy } from '../../plugins/auth';

/**
 * The buying account of a route guests use too ('anyone' with readsSession): null for a visitor; the
 * shop's own accounts are refused as on a 'customer' route.
 */
export function buyerOf(request: FastifyRequest): number | null {
  const user = request.session?.user;
  if (!user) return null;
  assertMayBuy(user);
  return user.id_usuario;
}
