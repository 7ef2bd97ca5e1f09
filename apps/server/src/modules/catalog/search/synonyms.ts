import { SYNONYMS_PAGE_SIZE, type Synonym, type SynonymInput, type SynonymPage } from '@vitrina/shared';
import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sinonimo } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../errors';
import { recordAudit } from '../../audit';
import { termKey } from './dictionary';

/*
 * The synonyms dictionary as the owner edits it (admin page Sinónimos). Searches read it at query time
 * (dictionary.ts), so a change applies to the next search with no reindex; the table's trigger tells every
 * process to reload it and to drop its cached listings.
 */

const NOT_FOUND = 'El sinónimo no existe. Vuelve a la lista y elige uno de los que aparecen.';

export async function listSynonyms(
  db: Db,
  { q, page }: { q?: string | undefined; page: number },
): Promise<SynonymPage> {
  const where: SQL | undefined = q
    ? sql`EXISTS (SELECT 1 FROM unnest(${sinonimo.terminos}) AS t(termino)
        WHERE f_unaccent(lower(t.termino)) LIKE '%' || f_unaccent(lower(${escapeLike(q)})) || '%')`
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(sinonimo)
      .where(where)
      .orderBy(asc(sinonimo.id_sinonimo))
      .limit(SYNONYMS_PAGE_SIZE)
      .offset((page - 1) * SYNONYMS_PAGE_SIZE),
    db.select({ total: count() }).from(sinonimo).where(where),
  ]);
  return { items, total: total?.total ?? 0, page, pageSize: SYNONYMS_PAGE_SIZE };
}

/*
 * Every change is recorded in the audit trail, in the change's own transaction, with the administrator
 * who made it.
 */

export async function createSynonym(db: Db, adminId: number, input: SynonymInput): Promise<Synonym> {
  const terminos = await checkedTerms(db, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sinonimo)
      .values({ terminos, unidireccional: input.unidireccional })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: 'sinonimo.creado',
      id_entidad: row.id_sinonimo,
      antes: null,
      despues: audited(row),
    });
    return row;
  });
}

export async function updateSynonym(
  db: Db,
  adminId: number,
  id: number,
  input: SynonymInput,
): Promise<Synonym> {
  const terminos = await checkedTerms(db, input, id);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(sinonimo).where(eq(sinonimo.id_sinonimo, id)).for('update');
    if (!before) throw notFound(NOT_FOUND);
    const [row] = await tx
      .update(sinonimo)
      .set({ terminos, unidireccional: input.unidireccional })
      .where(eq(sinonimo.id_sinonimo, id))
      .returning();
    if (!row) throw notFound(NOT_FOUND);
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: 'sinonimo.editado',
      id_entidad: id,
      antes: audited(before),
      despues: audited(row),
    });
    return row;
  });
}

export async function deleteSynonym(db: Db, adminId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(sinonimo).where(eq(sinonimo.id_sinonimo, id)).returning();
    if (!deleted) throw notFound(NOT_FOUND);
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: 'sinonimo.borrado',
      id_entidad: id,
      antes: audited(deleted),
      despues: {},
    });
  });
}

const audited = (row: Synonym) => ({ terminos: row.terminos.join(', '), unidireccional: row.unidireccional });

/**
 * The entry's terms once each; a two-way entry may not share a term with another two-way entry (the two
 * would be one group of equivalents split in two, and editing one would not change the other).
 */
async function checkedTerms(db: Db, input: SynonymInput, id?: number): Promise<string[]> {
  const keys = input.terminos.map(termKey);
  const repeated = input.terminos.find((_, i) => keys.indexOf(keys[i] as string) !== i);
  if (repeated !== undefined) {
    throw badRequest(`El término «${repeated}» está repetido en la lista: déjalo una sola vez.`);
  }
  if (input.unidireccional) return input.terminos;
  const others = await db
    .select()
    .from(sinonimo)
    .where(
      and(eq(sinonimo.unidireccional, false), id === undefined ? undefined : ne(sinonimo.id_sinonimo, id)),
    );
  for (const other of others) {
    const shared = other.terminos.find((t) => keys.includes(termKey(t)));
    if (shared !== undefined) {
      throw conflict(
        `El término «${shared}» ya está en otro grupo de sinónimos (${other.terminos.join(', ')}). Añade los términos nuevos a ese grupo o quítalo de allí primero.`,
      );
    }
  }
  return input.terminos;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
