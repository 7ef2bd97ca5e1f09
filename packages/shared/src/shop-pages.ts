import { z } from 'zod';
import { multiLineText, singleLineText } from './validation/text';

/*
 * The pages the owner writes (Ajustes › Páginas): about, terms and privacy, which every shop has, and
 * any page of their own, each at a slug. Their text is Markdown (headings, paragraphs, lists, links and
 * emphasis), which the server renders to sanitized HTML (docs/decisions/069-owner-pages-markdown.md).
 */

/** The three pages every shop has: they can be edited, never deleted. */
export const FIXED_PAGE_SLUGS = ['acerca', 'terminos', 'privacidad'] as const;
export type FixedPageSlug = (typeof FIXED_PAGE_SLUGS)[number];
export const isFixedPage = (slug: string): slug is FixedPageSlug =>
  (FIXED_PAGE_SLUGS as readonly string[]).includes(slug);

export const PAGE_SLUG_MIN = 2;
export const PAGE_SLUG_MAX = 60;
export const PAGE_TITLE_MAX = 120;
export const PAGE_CONTENT_MAX = 20_000;
/** The owner's own pages, besides the three: enough for shipping, returns, FAQ, stores… */
export const OWN_PAGES_MAX = 20;

/** Lower-case words of letters and digits joined by single hyphens: 'envios-y-devoluciones'. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const pageSlugSchema = z
  .string({ error: 'Escribe la dirección de la página' })
  .min(PAGE_SLUG_MIN, { error: `La dirección de la página tiene al menos ${PAGE_SLUG_MIN} caracteres` })
  .max(PAGE_SLUG_MAX, { error: `La dirección de la página tiene como máximo ${PAGE_SLUG_MAX} caracteres` })
  .regex(SLUG, {
    error:
      'La dirección de la página lleva solo letras minúsculas sin acentos, números y guiones entre palabras',
  });

/**
 * A slug the owner could give a new page, from its title: 'Envíos y devoluciones' →
 * 'envios-y-devoluciones'. The form proposes it; the owner may change it.
 */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PAGE_SLUG_MAX)
    .replace(/-+$/, '');
}

/** PUT /api/paginas/:slug: creates the owner's page at that slug, or replaces the page's text. */
export const paginaInputSchema = z.object({
  titulo: singleLineText({ error: 'Escribe el título de la página' })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'Escribe el título de la página' })
        .max(PAGE_TITLE_MAX, { error: `El título tiene como máximo ${PAGE_TITLE_MAX} caracteres` }),
    ),
  contenido: multiLineText({ error: 'Escribe el texto de la página' })
    .refine((v) => v.trim() !== '', { error: 'Escribe el texto de la página' })
    .pipe(
      z
        .string()
        .max(PAGE_CONTENT_MAX, { error: `El texto tiene como máximo ${PAGE_CONTENT_MAX} caracteres` }),
    ),
});
export type PaginaInput = z.infer<typeof paginaInputSchema>;

/** A page as GET /api/paginas/:slug answers it: its Markdown, and the sanitized HTML made from it. */
export const paginaSchema = z.object({
  slug: z.string(),
  titulo: z.string(),
  contenido: z.string(),
  html: z.string(),
  /** One of the three every shop has (it cannot be deleted). */
  fija: z.boolean(),
  /** When the owner last saved it; null for a fixed page's first text. */
  actualizada: z.string().nullable(),
});
export type Pagina = z.infer<typeof paginaSchema>;

/** GET /api/paginas: every page, the three first, for the footer and the admin. */
export const paginaListSchema = z.array(
  z.object({ slug: z.string(), titulo: z.string(), fija: z.boolean() }),
);
export type PaginaList = z.infer<typeof paginaListSchema>;

/** POST /api/paginas/vista-previa: the HTML a text would show as, before it is saved. */
export const paginaPreviewSchema = z.object({ contenido: paginaInputSchema.shape.contenido });
