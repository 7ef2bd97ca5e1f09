import { asc, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { backgroundLoop } from '../../background-loop';
import type { Db } from '../../db/client';
import { retryOnDeadlock } from '../../db/deadlock';
import { producto, unidadesPorContar } from '../../db/schema';

/**
 * Counts the units sold that the orders' triggers queued (migration 0036) into their products'
 * unidades_vendidas, in one transaction: each product once however many orders sold it, locked in id
 * order like a checkout's (decision 032). Processes may run it at once: a queued row is counted by the
 * transaction that deletes it. Answers how many products changed.
 */
export function countUnitsSold(db: Db): Promise<number> {
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const queued = await tx.delete(unidadesPorContar).returning();
      const byProduct = new Map<number, number>();
      for (const { id_producto, cantidad } of queued)
        byProduct.set(id_producto, (byProduct.get(id_producto) ?? 0) + cantidad);
      const ids = [...byProduct.keys()].filter((id) => byProduct.get(id) !== 0).sort((a, b) => a - b);
      if (ids.length === 0) return 0;
      await tx
        .select({ id: producto.id_producto })
        .from(producto)
        .where(inArray(producto.id_producto, ids))
        .orderBy(asc(producto.id_producto))
        .for('update');
      const units = ids.map((id) => byProduct.get(id) as number);
      await tx.execute(sql`
        UPDATE ${producto} p SET unidades_vendidas = greatest(0, p.unidades_vendidas + d.cantidad)
          FROM unnest(${sql.param(ids)}::int[], ${sql.param(units)}::int[]) AS d (id_producto, cantidad)
         WHERE p.id_producto = d.id_producto`);
      return ids.length;
    }),
  );
}

export interface UnitsSoldOptions {
  /** How long units sold may wait before the products show them (best sellers, search's tiebreak). */
  everyMs: number;
  /** The wait after a failed pass (the database unreachable). */
  retryMs: number;
}

export const DEFAULT_UNITS_SOLD: UnitsSoldOptions = { everyMs: 5_000, retryMs: 10_000 };

/** countUnitsSold every `everyMs` for as long as the app runs (started once ready, stopped on close). */
export const unitsSoldPlugin: FastifyPluginAsync<{
  db: Db;
  options?: Partial<UnitsSoldOptions> | undefined;
}> = async (app, { db, options }) => {
  const { everyMs, retryMs } = { ...DEFAULT_UNITS_SOLD, ...options };
  const loop = backgroundLoop({
    log: app.log.child({ module: 'catalog' }),
    retryMs,
    failure: 'could not count units sold; trying again later',
    pass: async () => {
      await countUnitsSold(db);
      return everyMs;
    },
  });
  app.addHook('onReady', async () => loop.start());
  app.addHook('onClose', async () => loop.stop());
};
