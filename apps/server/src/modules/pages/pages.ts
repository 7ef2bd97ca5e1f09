import {
  FIXED_PAGE_SLUGS,
  isFixedPage,
  OWN_PAGES_MAX,
  type Pagina,
  type PaginaInput,
  type PaginaList,
} from '@vitrina/shared';
import { asc, count, eq, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pagina } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { FIRST_TEXTS } from './first-texts';
import { renderPageMarkdown } from './markdown';

/*
 * The pages the owner writes (the one writer of `pagina`). About, terms and privacy always exist: until
 * the owner saves one, it is its first text (first-texts.ts), so a shop that never edits them still has
 * them. The owner's own pages exist once saved, and can be deleted; the three cannot.
 */

type Row = typeof pagina.$inferSelect;

const NOT_FOUND = 'La página que buscas no existe.';

const toPagina = (slug: string, row: Row | undefined): Pagina | undefined => {
  if (row) {
    return {
      slug,
      titulo: row.titulo,
      contenido: row.contenido,
      html: renderPageMarkdown(row.contenido),
      fija: isFixedPage(slug),
      actualizada: row.actualizada.toISOString(),
    };
  }
  if (!isFixedPage(slug)) return undefined;
  const first = FIRST_TEXTS[slug];
  return { slug, ...first, html: renderPageMarkdown(first.contenido), fija: true, actualizada: null };
};

async function findRow(db: Db | Tx, slug: string): Promise<Row | undefined> {
  const [row] = await db.select().from(pagina).where(eq(pagina.slug, slug));
  return row;
}

/** GET /api/paginas/:slug. */
export async function getPage(db: Db, slug: string): Promise<Pagina> {
  const page = toPagina(slug, await findRow(db, slug));
  if (!page) throw notFound(NOT_FOUND);
  return page;
}

/** GET /api/paginas: the three first (in their order), then the owner's own by title. */
export async function listPages(db: Db): Promise<PaginaList> {
  const rows = await db
    .select({ slug: pagina.slug, titulo: pagina.titulo })
    .from(pagina)
    .orderBy(asc(pagina.titulo), asc(pagina.slug));
  const saved = new Map(rows.map((row) => [row.slug, row.titulo]));
  return [
    ...FIXED_PAGE_SLUGS.map((slug) => ({
      slug,
      titulo: saved.get(slug) ?? FIRST_TEXTS[slug].titulo,
      fija: true,
    })),
    ...rows.filter((row) => !isFixedPage(row.slug)).map((row) => ({ ...row, fija: false })),
  ];
}

const snapshot = (slug: string, page: { titulo: string; contenido: string }) => ({
  slug,
  titulo: page.titulo,
  contenido: page.contenido,
});

/**
 * PUT /api/paginas/:slug: the page's new title and text, or a new page of the owner's at that slug (up
 * to OWN_PAGES_MAX of them). Recorded in the audit trail.
 */
export async function savePage(db: Db, adminId: number, slug: string, input: PaginaInput): Promise<Pagina> {
  return db.transaction(async (tx) => {
    const before = toPagina(slug, await findRow(tx, slug));
    if (!before) {
      const [own] = await tx
        .select({ n: count() })
        .from(pagina)
        .where(notInArray(pagina.slug, [...FIXED_PAGE_SLUGS]));
      if ((own?.n ?? 0) >= OWN_PAGES_MAX) {
        throw conflict(`La tienda ya tiene ${OWN_PAGES_MAX} páginas propias: borra una para crear otra.`);
      }
    }
    const values = { titulo: input.titulo, contenido: input.contenido, actualizada: new Date() };
    const [row] = await tx
      .insert(pagina)
      .values({ slug, ...values })
      .onConflictDoUpdate({ target: pagina.slug, set: values })
      .returning();
    const saved = row as Row;
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: before ? 'pagina.editada' : 'pagina.creada',
      id_entidad: saved.id_pagina,
      antes: before ? snapshot(slug, before) : null,
      despues: snapshot(slug, saved),
    });
    return toPagina(slug, saved) as Pagina;
  });
}

/** DELETE /api/paginas/:slug: one of the owner's own pages; the three can only be rewritten. */
export async function deletePage(db: Db, adminId: number, slug: string): Promise<void> {
  if (isFixedPage(slug)) {
    throw conflict(
      'Las páginas Acerca de, Términos de uso y Aviso de privacidad no se borran: cambia su texto.',
    );
  }
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(pagina).where(eq(pagina.slug, slug)).returning();
    if (!row) throw notFound(NOT_FOUND);
    await recordAudit(tx, {
      id_usuario: adminId,
      accion: 'pagina.borrada',
      id_entidad: row.id_pagina,
      antes: snapshot(slug, row),
      despues: {},
    });
  });
}
