import type { FastifyRequest } from 'fastify';

/**
 * The buying account of a 'buyer' route, which guests use too: null for a visitor. The route's access
 * has already refused the shop's own accounts (plugins/auth.ts).
 */
export const buyerOf = (request: FastifyRequest): number | null => request.session?.user.id_usuario ?? null;
