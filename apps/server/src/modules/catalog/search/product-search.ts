import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { producto } from '../../../db/schema';
import { dictionaryOf } from './dictionary';
import { type Concept, expandQuery, type Phrase } from './expand';
import { isStopWord } from './words';

/*
 * The listing's search (docs/decisions/016-search-typos-synonyms.md). A product matches when its name or
 * description matches any concept of the query; it ranks by
 *   1. how many concepts it matches (every word before some words),
 *   2. per concept, how: the word itself > a word it begins > a synonym > a typo, each in the name, then
 *      anything in the description,
 *   3. units sold, then id.
 * 1 and 2 are one number per row, computed only for the rows the GIN index returns.
 */

export interface ProductSearch {
  /** Matches at least one concept. */
  where: SQL;
  /** Matches every concept: the first tier of the results, often a small part of `where`. */
  whereAll: SQL;
  /**
   * Matches every concept as typed in the name: the products of the highest rank, which differ only by
   * units sold and id.
   */
  whereBest: SQL;
  /**
   * Of the products matching some words only, those of the highest rank: every word but one as typed in
   * the name.
   */
  whereBestOfSome: SQL;
  /** Whether a product can match only part of the query (one word cannot; one term of two words can). */
  partial: boolean;
  /** Matches at least one concept in the name: what suggestions offer. */
  whereName: SQL;
  orderBy: SQL[];
  concepts: Concept[];
}

/** Points per concept matched, above any sum of how-well points (at most 8 per concept, 8 concepts). */
const MATCHED = 100;
const HOW_WELL = { exact: 8, prefix: 6, synonym: 4, typo: 2, description: 1 } as const;

/** The words as a to_tsquery text: phrases with <->, alternatives with |. Words are [a-z0-9]+ only. */
const tsQueryText = (phrases: Phrase[]) => phrases.map((p) => `(${phraseText(p)})`).join(' | ');

/**
 * A phrase with one word left once its stop words are dropped ('sin cable', 'de batería') is that word
 * to PostgreSQL, which drops them the same way: written so, it is asked as a word, without the recheck
 * of every row a phrase costs (matchesAny).
 */
function phraseText(phrase: Phrase): string {
  const content = phrase.filter((w) => !isStopWord(w));
  return content.length === 1 ? (content[0] as string) : phrase.join(' <-> ');
}
const tsQuery = (text: string) => sql`to_tsquery('spanish'::regconfig, ${text})`;

export async function productSearch(db: Db, query: string): Promise<ProductSearch> {
  const concepts = expandQuery(await dictionaryOf(db), query);
  return searchOf(concepts);
}

function searchOf(concepts: Concept[]): ProductSearch {
  if (concepts.length === 0) {
    return {
      where: sql`false`,
      whereAll: sql`false`,
      whereBest: sql`false`,
      whereBestOfSome: sql`false`,
      whereName: sql`false`,
      partial: false,
      orderBy: [sql`${producto.id_producto}`],
      concepts,
    };
  }
  // A product with only some words of a several-word term ('disco' of 'disco duro') matches nothing of
  // it, but still belongs with the products that match some of the query.
  const anyTexts = concepts.flatMap((c) => [...conceptTexts(c), ...c.words.flatMap(conceptTexts)]);
  const every = sql.join(
    concepts.map((c) => matchesAny(producto.busqueda_completa, conceptTexts(c))),
    sql` AND `,
  );
  const when = (column: Column, text: string, points: number) =>
    sql`WHEN ${column} @@ ${tsQuery(text)} THEN ${sql.raw(String(MATCHED + points))}`;
  const scores = concepts.map((c) => {
    // A product matching no alternative of the concept is told at once: one test instead of five, for
    // most rows of the some-words tier ('negro' alone of 'camiseta algodón negro').
    const cases: SQL[] = [sql`WHEN NOT (${producto.busqueda_completa} @@ ${tsQuery(conceptText(c))}) THEN 0`];
    for (const kind of ['exact', 'prefix', 'synonym', 'typo'] as const) {
      if (c[kind].length > 0) cases.push(when(producto.busqueda, tsQueryText(c[kind]), HOW_WELL[kind]));
      // The words of a term apart rank as well as the beginning of a word: below the term as typed.
      if (kind === 'exact' && c.words.length > 0) {
        cases.push(when(producto.busqueda, everyWord(c.words), HOW_WELL.prefix));
      }
    }
    // Anything else it matches is in the description.
    return sql`(CASE ${sql.join(cases, sql` `)} ELSE ${sql.raw(String(MATCHED + HOW_WELL.description))} END)`;
  });
  const rank = sql`(${sql.join(scores, sql` + `)})`;
  return {
    where: matchesAny(producto.busqueda_completa, anyTexts),
    whereAll: every,
    whereBest: allTyped(concepts),
    whereBestOfSome:
      concepts.length > 1
        ? sql`(${sql.join(
            concepts.map((_, i) => allTyped(concepts.filter((__, j) => j !== i))),
            sql` OR `,
          )})`
        : sql`false`,
    whereName: matchesAny(producto.busqueda, anyTexts),
    partial: concepts.length > 1 || concepts.some((c) => c.words.length > 0),
    orderBy: [sql`${rank} DESC`, sql`${producto.unidades_vendidas} DESC`, sql`${producto.id_producto}`],
    concepts,
  };
}

type Column = typeof producto.busqueda | typeof producto.busqueda_completa;

/** Every one of `concepts` as typed, in the name. */
const allTyped = (concepts: Concept[]) =>
  sql`(${sql.join(
    concepts.map((c) => sql`${producto.busqueda} @@ ${tsQuery(tsQueryText(c.exact))}`),
    sql` AND `,
  )})`;

/**
 * `column` matches any of `texts` (to_tsquery texts). A phrase makes PostgreSQL recheck every row the
 * index finds against its stored vector, which was most of a search's time ('sofá lino' brings the
 * phrases of its synonyms); the texts without one are asked apart, so only rows found through a phrase
 * are rechecked.
 */
function matchesAny(column: Column, texts: string[]): SQL {
  const match = (group: string[]) => sql`${column} @@ ${tsQuery(group.join(' | '))}`;
  const phrases = texts.filter((t) => t.includes('<->'));
  const words = texts.filter((t) => !t.includes('<->'));
  if (phrases.length === 0 || words.length === 0) return match(texts);
  return sql`(${match(words)} OR ${match(phrases)})`;
}

/** Everything that matches a concept: to_tsquery texts, any of which may match. */
function conceptTexts(c: Concept): string[] {
  const own = alternatives(c).map((p) => tsQueryText([p]));
  return c.words.length > 0 ? [...own, `(${everyWord(c.words)})`] : own;
}

const conceptText = (c: Concept) => conceptTexts(c).join(' | ');

/** Each of the words (concepts of one word) somewhere in the text. */
const everyWord = (words: Concept[]) => words.map((w) => `(${conceptText(w)})`).join(' & ');

/** A concept's alternatives, each once. */
function alternatives(c: Concept): Phrase[] {
  const seen = new Set<string>();
  return [...c.exact, ...c.prefix, ...c.synonym, ...c.typo].filter((p) => {
    const key = p.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
