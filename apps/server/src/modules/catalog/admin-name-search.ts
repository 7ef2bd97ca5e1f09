import { type SQL, sql } from 'drizzle-orm';
import { producto } from '../../db/schema';

/*
 * Search by name as a Spanish speaker expects, with no extra service:
 * - full text on accent-free Spanish stems ('camisetas' finds 'Camiseta', 'jardineria' finds 'Jardinería');
 * - substring match on the accent-free, lower-case name (a half-typed word);
 * - trigram word similarity (pg_trgm's <% operator, threshold 0.6) for a typo ('licuadra' → 'Licuadora').
 * All three are served by the GIN indexes of the schema. The similarity is written as its commutator
 * (name %> term), the very form of the index condition: PostgreSQL then tests it once per candidate row,
 * where `term <% name` was tested twice (as the index recheck and again as a filter).
 */
const normalizedName = producto.nombre_normalizado;

export interface NameSearch {
  where: SQL;
  /**
   * Higher is better: stem matches first (1 + ts_rank, above 1), then close spellings (word similarity,
   * at most 1). Word similarity is the costly part, so it is computed only for rows full text missed: a
   * common word matching thousands of names ranks in a fraction of the time.
   */
  rank: SQL;
}

export function nameSearch(term: string): NameSearch {
  const query = sql`websearch_to_tsquery('spanish'::regconfig, f_unaccent(${term}))`;
  const normalizedTerm = sql`f_unaccent(lower(${term}))`;
  const containsPattern = `%${escapeLike(term.toLowerCase())}%`;
  return {
    where: sql`(${producto.busqueda} @@ ${query}
      OR ${normalizedName} LIKE f_unaccent(${containsPattern})
      OR ${normalizedName} %> ${normalizedTerm})`,
    rank: sql`(CASE WHEN ${producto.busqueda} @@ ${query} THEN 1 + ts_rank(${producto.busqueda}, ${query})
      ELSE word_similarity(${normalizedTerm}, ${normalizedName}) END)`,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
