import {
  centsToDecimal,
  fromCents,
  normalizeCode,
  type Promotion,
  type PromotionInput,
  type PromotionRule,
  toCents,
} from '@vitrina/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { promocion } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';

/*
 * Coupons and automatic promotions (docs/decisions/073-promotions.md): the owner's table of them, and the
 * rules checkout reads. What a promotion takes off an order is decided by packages/shared (priceOrder);
 * how often it was used is the sales' business (orders counts venta_promocion).
 */

export type PromotionRow = typeof promocion.$inferSelect;

/** A promotion as GET /api/cupones answers it: amounts in currency units like every price. */
export const toPromotion = (row: PromotionRow): Promotion => ({
  id: row.id,
  codigo: row.codigo,
  tipo: row.tipo,
  valor: fromCents(toCents(row.valor)),
  minimo: row.minimo === null ? null : fromCents(toCents(row.minimo)),
  desde: row.desde,
  hasta: row.hasta,
  usos_max: row.usos_max,
  usos_por_cliente: row.usos_por_cliente,
  categorias: row.categorias,
  productos: row.productos,
  combinable: row.combinable,
  automatica: row.automatica,
  activa: row.activa,
});

/** The rule priceOrder applies: a percentage stays a number, an amount becomes cents. */
export const toRule = (row: PromotionRow): PromotionRule => ({
  ...toPromotion(row),
  valor: row.tipo === 'monto' ? toCents(row.valor) : Number(row.valor),
  minimoCents: row.minimo === null ? null : toCents(row.minimo),
});

const columns = (input: PromotionInput) => ({
  codigo: input.codigo,
  tipo: input.tipo,
  valor: input.tipo === 'monto' ? centsToDecimal(toCents(input.valor)) : String(input.valor),
  minimo: input.minimo === null ? null : centsToDecimal(toCents(input.minimo)),
  desde: input.desde,
  hasta: input.hasta,
  usos_max: input.usos_max,
  usos_por_cliente: input.usos_por_cliente,
  categorias: input.categorias,
  productos: input.productos,
  combinable: input.combinable,
  automatica: input.automatica,
  activa: input.activa,
});

/** What the audit trail keeps of a promotion: its fields, not its id (the entry names it). */
const audited = ({ id, ...fields }: Promotion) => fields;

const duplicate = (codigo: string) =>
  conflict(`Ya existe una promoción con el código ${codigo}.`, { codigo: 'Ese código ya existe' });

export async function listPromotions(db: Db): Promise<Promotion[]> {
  const rows = await db.select().from(promocion).orderBy(asc(promocion.codigo));
  return rows.map(toPromotion);
}

export async function createPromotion(db: Db, adminId: number, input: PromotionInput): Promise<Promotion> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(promocion).values(columns(input)).onConflictDoNothing().returning();
    if (!row) throw duplicate(input.codigo);
    const after = toPromotion(row);
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: 'promocion.creada',
      id_entidad: row.id,
      antes: null,
      despues: audited(after),
    });
    return after;
  });
}

export async function updatePromotion(
  db: Db,
  adminId: number,
  id: number,
  input: PromotionInput,
): Promise<Promotion> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promocion).where(eq(promocion.id, id)).for('update');
    if (!before) throw notFound('La promoción no existe.');
    const [taken] = await tx
      .select({ id: promocion.id })
      .from(promocion)
      .where(eq(promocion.codigo, input.codigo));
    if (taken && taken.id !== id) throw duplicate(input.codigo);
    const [row] = await tx
      .update(promocion)
      .set({ ...columns(input), actualizado: new Date() })
      .where(eq(promocion.id, id))
      .returning();
    const after = toPromotion(row as PromotionRow);
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: 'promocion.editada',
      id_entidad: id,
      antes: audited(toPromotion(before)),
      despues: audited(after),
    });
    return after;
  });
}

/**
 * The promotions that may apply to a cart: every automatic one, and the one the shopper's code names
 * (null when no promotion has that code). With `lock`, inside a sale's transaction, those with a limit of
 * uses are locked until the sale commits, so the uses are counted one sale after the other: two buyers
 * racing for a code's last use never both get it. Unlimited promotions are not locked, so they never
 * make checkouts wait for each other.
 */
export async function promotionsFor(
  tx: Db | Tx,
  code: string | undefined,
  { automatic, lock = false }: { automatic: readonly PromotionRow[]; lock?: boolean },
): Promise<{ automatic: PromotionRule[]; code: { text: string; rule: PromotionRule | null } | null }> {
  const text = code === undefined ? '' : normalizeCode(code);
  const rows = await withCode(tx, automatic, text);
  const limited = rows.filter(
    (row) => row.activa && (row.usos_max !== null || row.usos_por_cliente !== null),
  );
  if (lock && limited.length > 0) {
    await tx
      .select({ id: promocion.id })
      .from(promocion)
      .where(
        inArray(
          promocion.id,
          limited.map((row) => row.id),
        ),
      )
      .orderBy(asc(promocion.id))
      .for('update');
  }
  const codeRow = rows.find((row) => row.codigo === text);
  return {
    automatic: rows.filter((row) => row.automatica).map(toRule),
    code: text === '' ? null : { text, rule: codeRow ? toRule(codeRow) : null },
  };
}

/** Every automatic promotion, for a process to keep (orders' keptSettings, docs/decisions/100). */
export function automaticPromotions(tx: Db | Tx): Promise<PromotionRow[]> {
  return tx.select().from(promocion).where(eq(promocion.automatica, true)).orderBy(asc(promocion.id));
}

/** The automatic promotions as read before (kept by the process), and the one `text` names, read now: in id order. */
async function withCode(
  tx: Db | Tx,
  automatic: readonly PromotionRow[],
  text: string,
): Promise<PromotionRow[]> {
  if (text === '') return [...automatic];
  const named = await tx
    .select()
    .from(promocion)
    .where(and(eq(promocion.codigo, text), eq(promocion.automatica, false)));
  return [...automatic, ...named].sort((a, b) => a.id - b.id);
}
