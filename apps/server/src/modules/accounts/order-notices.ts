import { worksForShop } from '@vitrina/shared';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { usuario } from '../../db/schema';
import { forbidden } from '../../errors';

/*
 * Who hears of each new paid order besides the shop's contact address (docs/decisions/083-order-notices.md):
 * staff, and the owner's own account, who turned it on for themselves. Customers have no such setting.
 */

export const NOTICES_FOR_STAFF_ONLY = 'Solo el personal de la tienda recibe avisos de pedidos.';

/** The e-mails of active accounts working for the shop that asked to hear of new orders. */
export async function orderNoticeEmails(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .select({ email: usuario.email })
    .from(usuario)
    .where(
      and(
        eq(usuario.avisos_pedidos, true),
        eq(usuario.estado, true),
        or(eq(usuario.admin, true), isNotNull(usuario.rol)),
      ),
    );
  return rows.map((r) => r.email);
}

interface Caller {
  id_usuario: number;
  admin: boolean;
  rol: Parameters<typeof worksForShop>[0]['rol'];
}

/** GET /api/personal/avisos: whether the caller hears of each new order. */
export async function readOwnOrderNotices(db: Db, user: Caller): Promise<{ pedidos: boolean }> {
  if (!worksForShop(user)) throw forbidden(NOTICES_FOR_STAFF_ONLY);
  const [row] = await db
    .select({ pedidos: usuario.avisos_pedidos })
    .from(usuario)
    .where(eq(usuario.id_usuario, user.id_usuario));
  return { pedidos: row?.pedidos ?? false };
}

/** PUT /api/personal/avisos: the caller turns the e-mail of each new order on or off for themselves. */
export async function saveOwnOrderNotices(
  db: Db,
  { user, pedidos }: { user: Caller; pedidos: boolean },
): Promise<{ pedidos: boolean }> {
  if (!worksForShop(user)) throw forbidden(NOTICES_FOR_STAFF_ONLY);
  await db.update(usuario).set({ avisos_pedidos: pedidos }).where(eq(usuario.id_usuario, user.id_usuario));
  return { pedidos };
}
