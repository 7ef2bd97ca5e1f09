import {
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type CurrencyCode,
  STAFF_ROLE_LABELS,
  type StaffRole,
} from '@vitrina/shared';
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditoria, usuario } from '../../db/schema';
import { startOfDay } from '../../db/shop-days';
import { describeEntry } from './describe-entry';
import { type EntryNames, entryNames } from './entry-names';

/*
 * The audit trail. The modules that make each change (catalog, accounts, ratings) record it here with
 * recordAudit, inside the change's own transaction, so the trail never misses a change nor records one
 * that was rolled back. It is read newest first, with who made each change, each entry as a Spanish
 * sentence with its changes labelled (describe-entry.ts).
 */

/** One change as the trail keeps it. */
export interface AuditRecord {
  /** The administrator who made the change. */
  id_usuario: number;
  accion: AuditAction;
  /** The id of the changed row, of the entity the action names. */
  id_entidad: number;
  /** The changed fields before (null for a creation) and after. */
  antes: Record<string, unknown> | null;
  despues: Record<string, unknown>;
}

/** The entity an action is about: its name up to the dot ('producto.editado' → 'producto'). */
export const auditedEntity = (accion: AuditAction) => accion.slice(0, accion.indexOf('.'));

/** Adds a change to the trail, in the transaction `tx` that makes the change. */
export async function recordAudit(tx: Tx, entry: AuditRecord): Promise<void> {
  await tx.insert(auditoria).values({ ...entry, entidad: auditedEntity(entry.accion) });
}

/** Adds many changes to the trail in one statement (a catalog import's new products). */
export async function recordAudits(tx: Tx, entries: readonly AuditRecord[]): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(auditoria)
    .values(entries.map((entry) => ({ ...entry, entidad: auditedEntity(entry.accion) })));
}

const entryColumns = {
  entry: auditoria,
  who: {
    id_usuario: usuario.id_usuario,
    nombre: usuario.primer_nombre,
    apellido: usuario.primer_apellido,
    email: usuario.email,
    rol: usuario.rol,
  },
};

type EntryRow = {
  entry: typeof auditoria.$inferSelect;
  who: { id_usuario: number; nombre: string; apellido: string; email: string; rol: StaffRole | null } | null;
};

/** Who made a change as the owner reads it: a staff member's name says their role ('Ana Pérez (Ventas)'). */
const whoName = (who: { nombre: string; apellido: string; rol: StaffRole | null }) =>
  `${who.nombre} ${who.apellido}${who.rol ? ` (${STAFF_ROLE_LABELS[who.rol]})` : ''}`;

function toAuditEntry({ entry, who }: EntryRow, names: EntryNames): AuditEntry {
  return {
    id: entry.id,
    fecha: entry.fecha.toISOString(),
    accion: entry.accion,
    entidad: entry.entidad,
    id_entidad: entry.id_entidad,
    ...describeEntry(entry, names),
    usuario: who && { id_usuario: who.id_usuario, nombre: whoName(who), email: who.email },
  };
}

/** The rows as the owner reads them, with the names of what they refer to looked up once for them all. */
async function toAuditEntries(db: Db, rows: EntryRow[], currency: CurrencyCode): Promise<AuditEntry[]> {
  const names = await entryNames(
    db,
    rows.map((r) => r.entry),
    currency,
  );
  return rows.map((row) => toAuditEntry(row, names));
}

const newestFirst = [desc(auditoria.fecha), desc(auditoria.id)];

/** How the shop writes what the trail shows: SHOP_TIMEZONE's days and SHOP_CURRENCY's amounts. */
export interface AuditReading {
  timeZone: string;
  currency: CurrencyCode;
}

/**
 * GET /api/admin/auditoria: a page of the trail, optionally of one entity and between two days, which run
 * from midnight to midnight in the shop's time zone.
 */
export async function listAuditTrail(
  db: Db,
  query: AuditQuery,
  { timeZone, currency }: AuditReading,
): Promise<AuditPage> {
  const where = and(
    query.entidad === undefined ? undefined : eq(auditoria.entidad, query.entidad),
    query.id_entidad === undefined ? undefined : eq(auditoria.id_entidad, query.id_entidad),
    query.desde === undefined ? undefined : gte(auditoria.fecha, startOfDay(query.desde, timeZone)),
    query.hasta === undefined ? undefined : lt(auditoria.fecha, startOfDay(query.hasta, timeZone, 1)),
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(entryColumns)
      .from(auditoria)
      .leftJoin(usuario, eq(usuario.id_usuario, auditoria.id_usuario))
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditoria).where(where),
  ]);
  return {
    items: await toAuditEntries(db, rows, currency),
    total: totalRow?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The latest entries, for the dashboard. */
export async function latestAuditEntries(
  db: Db,
  limit: number,
  currency: CurrencyCode,
): Promise<AuditEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(auditoria)
    .leftJoin(usuario, eq(usuario.id_usuario, auditoria.id_usuario))
    .orderBy(...newestFirst)
    .limit(limit);
  return toAuditEntries(db, rows, currency);
}
