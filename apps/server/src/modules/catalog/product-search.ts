import { type SQL, sql } from 'drizzle-orm';
import { producto } from '../../db/schema';

/*
 * Search by name as a Spanish speaker expects, with no extra service:
 * - full text on accent-free Spanish stems ('camisetas' finds 'Camiseta', 'jardineria' finds 'Jardinería');
 * - substring match on the accent-free, lower-case name (a half-typed word);
 * - trigram word similarity (pg_trgm's <% operator, threshold 0.6) for a typo ('licuadra' → 'Licuadora').
 * All three are served by the GIN indexes of the schema.
 */
const normalizedName = sql`f_unaccent(lower(${producto.nombre}))`;

export interface NameSearch {
  where: SQL;
  /** Higher is better: stem matches first, then close spellings. */
  rank: SQL;
}

export function nameSearch(term: string): NameSearch {
  const query = sql`websearch_to_tsquery('spanish'::regconfig, f_unaccent(${term}))`;
  const normalizedTerm = sql`f_unaccent(lower(${term}))`;
  const containsPattern = `%${escapeLike(term.toLowerCase())}%`;
  return {
    where: sql`(${producto.busqueda} @@ ${query}
      OR ${normalizedName} LIKE f_unaccent(${containsPattern})
      OR ${normalizedTerm} <% ${normalizedName})`,
    rank: sql`(ts_rank(${producto.busqueda}, ${query}) + word_similarity(${normalizedTerm}, ${normalizedName}))`,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
