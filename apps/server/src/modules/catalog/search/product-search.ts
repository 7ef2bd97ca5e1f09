import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { producto } from '../../../db/schema';
import { dictionaryOf } from './dictionary';
import { type Concept, type ExpandOptions, expandQuery, type Phrase } from './expand';
import { isSpanishWord } from './lexicon';
import { isStopWord, wordsOf } from './words';

/*
 * The listing's search (docs/decisions/016-search-typos-synonyms.md, 062-search-precision.md). A product
 * matches a concept when its name or description has the word (or its plural or singular) or a word the
 * word begins, or when its name has a synonym or a typo's correction: those only in the name, as a
 * description mentions many things the product is not. A product matches the query when it matches every
 * concept, or enough of them (one of two, two of three, …) when the first concept names something the
 * catalog has. It ranks by
 *   1. how many concepts it matches (every word before some words),
 *   2. per concept, how: the word itself > a word it begins > a synonym > a typo, each in the name, then
 *      anything in the description,
 *   3. units sold, then id.
 * 1 and 2 are one number per row, computed only for the rows the GIN index returns.
 */

export interface ProductSearch {
  /** Matches the query: every concept, or enough of them (the some-words tier). */
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
  /** How well a product matches: MATCHED points per concept it matches, plus how well it matches each. */
  rank: SQL;
  /** The rank, then units sold, then id. */
  orderBy: SQL[];
  concepts: Concept[];
}

/** Points per concept matched, above any sum of how-well points (at most 8 per concept, 8 concepts). */
const MATCHED = 100;
const HOW_WELL = { exact: 8, prefix: 6, synonym: 4, typo: 2, description: 1 } as const;

/** The words as a to_tsquery text: phrases with <->, alternatives with |. Words are [a-z0-9]+ only. */
const tsQueryText = (phrases: Phrase[]) => phrases.map((p) => `(${phraseText(p)})`).join(' | ');

/**
 * A phrase with one word left once its stop words are dropped ('sin cable', 'de batería') is that word:
 * written so, it is asked as a word, without the recheck of every row a phrase costs (matchesAny).
 */
function phraseText(phrase: Phrase): string {
  const content = phrase.filter((w) => !isStopWord(w));
  return content.length === 1 ? (content[0] as string) : phrase.join(' <-> ');
}
/** The vectors hold words as written (migration 0018): the 'simple' configuration, no stems. */
const tsQuery = (text: string) => sql`to_tsquery('simple'::regconfig, ${text})`;

const nothing = (concepts: Concept[]): ProductSearch => ({
  where: sql`false`,
  whereAll: sql`false`,
  whereBest: sql`false`,
  whereBestOfSome: sql`false`,
  whereName: sql`false`,
  partial: false,
  rank: sql`0`,
  orderBy: [sql`${producto.id_producto}`],
  concepts,
});

export async function productSearch(db: Db, query: string, options?: ExpandOptions): Promise<ProductSearch> {
  const concepts = expandQuery(await dictionaryOf(db), query, options);
  const words = wordsOf(query);
  const last = words.at(-1);
  const englishOrder = !words.some(isStopWord) && last !== undefined && !isSpanishWord(last);
  return searchOf(concepts, englishOrder);
}

const nameColumn = producto.busqueda_nombre;
const textColumn = producto.busqueda_completa;
type Column = typeof nameColumn | typeof textColumn;

/** Where a concept's alternatives are looked for: the word and its beginnings anywhere, the rest in the name. */
interface Texts {
  /** to_tsquery texts matched against name and description. */
  text: string[];
  /** to_tsquery texts matched against the name only. */
  name: string[];
}

function textsOf(c: Concept): Texts {
  const own = (phrases: Phrase[]) => phrases.map((p) => tsQueryText([p]));
  const text = own(unique([...c.exact, ...c.prefix]));
  // The words of a term apart: each as typed (or a word it begins), anywhere.
  if (c.words.length > 0)
    text.push(`(${c.words.map((w) => `(${textsOf(w).text.join(' | ')})`).join(' & ')})`);
  return { text, name: own(unique([...c.synonym, ...c.typo])) };
}

/** The product matches any of `texts`: one test of each column's index. */
function matchesTexts({ text, name }: Texts): SQL {
  const tests = [
    ...(text.length > 0 ? [matchesAny(textColumn, text)] : []),
    ...(name.length > 0 ? [matchesAny(nameColumn, name)] : []),
  ];
  if (tests.length === 0) return sql`false`;
  return tests.length === 1 ? (tests[0] as SQL) : sql`(${sql.join(tests, sql` OR `)})`;
}

const merge = (all: Texts[]): Texts => ({
  text: all.flatMap((t) => t.text),
  name: all.flatMap((t) => t.name),
});

function searchOf(concepts: Concept[], englishOrder: boolean): ProductSearch {
  if (concepts.length === 0) return nothing(concepts);
  // The first word that names something (not a number) is what is asked for: when the catalog has
  // nothing of it ('seguro de auto', 'croquetas para perro'), the shop does not sell it, and products
  // with only the other words would be unrelated. A brand or model before it that the catalog does not
  // have, and that is no Spanish word, is passed over ('nike zapatillas'; 'iphone 15 pro' names nothing
  // else). English puts the thing last ('red dress', 'wireless mouse'): so is read a query whose last
  // word is not Spanish, without Spanish's de, para, con.
  // Sizes and colours describe the thing; they name it only when the query has nothing else ('rojo m').
  const named = concepts.filter((c) => !c.weak && !c.option);
  const first = named.find((c) => c.found || isSpanishWord(c.typed)) ?? named[0] ?? (concepts[0] as Concept);
  const last = named.at(-1);
  const head = first.found ? first : englishOrder && last?.found ? last : undefined;
  if (!head) return nothing(concepts);
  const matches = concepts.map((c) => matchesTexts(textsOf(c)));
  const every = sql.join(matches, sql` AND `);
  // A product with only the first word of a several-word term ('disco' of 'disco rígido') matches
  // nothing of it, but still belongs with the products that match some of the query; only as typed or a
  // word it begins, not its synonyms ('flash' of 'flash drive').
  const loosely = (c: Concept) => [
    textsOf(c),
    ...c.words.slice(0, 1).map((w) => ({ text: textsOf(w).text, name: [] })),
  ];
  const anyTexts = merge(concepts.flatMap(loosely));
  // One of two words, two of three, three of four or five…: most of what the query names that the
  // catalog has, not any one word. A word the catalog does not have ('camiseta blanca', 'carrito a control
  // remoto') asks for nothing it can find, but the product must then have the thing named in its name.
  const found = concepts.filter((c) => c.found).length;
  const needed = Math.ceil(found / 2);
  const conditions = [matchesTexts(anyTexts)];
  if (needed > 1) conditions.push(atLeast(matches, needed));
  // So must it when the query describes the thing by its options ('zapatos rojos'): a product that only
  // mentions zapatos, next to the red ones, is not red shoes.
  const described = !head.option && concepts.some((c) => c.option);
  if (found < concepts.length || described) {
    const { text, name } = textsOf(head);
    conditions.push(matchesAny(nameColumn, [...text, ...name]));
  }
  // And the shop must have the thing on sale: when only sold-out products are it ('audífonos usb' with
  // the headphones sold out), products with the other words alone are not what was asked for. Asked
  // once per statement (the subquery's own producto hides the outer one).
  conditions.push(
    sql`EXISTS (SELECT 1 FROM ${producto} WHERE ${producto.visible} AND ${matchesTexts(merge(loosely(head)))})`,
  );
  const some = conditions.length === 1 ? (conditions[0] as SQL) : sql`(${sql.join(conditions, sql` AND `)})`;
  const when = (column: Column, text: string, points: number) =>
    sql`WHEN ${column} @@ ${tsQuery(text)} THEN ${sql.raw(String(MATCHED + points))}`;
  const scores = concepts.map((c, i) => {
    // A product matching no alternative of the concept is told at once: one test instead of five, for
    // most rows of the some-words tier ('negro' alone of 'camiseta algodón negro').
    const cases: SQL[] = [sql`WHEN NOT ${matches[i] as SQL} THEN 0`];
    for (const kind of ['exact', 'prefix', 'synonym', 'typo'] as const) {
      if (c[kind].length > 0) cases.push(when(nameColumn, tsQueryText(c[kind]), HOW_WELL[kind]));
      // The words of a term apart rank as well as the beginning of a word: below the term as typed.
      if (kind === 'exact' && c.words.length > 0) {
        cases.push(when(nameColumn, everyWord(c.words), HOW_WELL.prefix));
      }
    }
    // Anything else it matches is in the description.
    return sql`(CASE ${sql.join(cases, sql` `)} ELSE ${sql.raw(String(MATCHED + HOW_WELL.description))} END)`;
  });
  const rank = sql`(${sql.join(scores, sql` + `)})`;
  const partial = concepts.length > 1 || concepts.some((c) => c.words.length > 0);
  return {
    where: partial ? some : every,
    whereAll: every,
    whereBest: allTyped(concepts),
    whereBestOfSome:
      concepts.length > 1
        ? sql`(${sql.join(
            concepts.map((_, i) => allTyped(concepts.filter((__, j) => j !== i))),
            sql` OR `,
          )})`
        : sql`false`,
    whereName: matchesAny(nameColumn, [...anyTexts.text, ...anyTexts.name]),
    partial,
    rank,
    orderBy: [sql`${rank} DESC`, sql`${producto.unidades_vendidas} DESC`, sql`${producto.id_producto}`],
    concepts,
  };
}

/** Most combinations an index answers (two of four words: 6); past it each match is counted per row. */
const MAX_COMBINATIONS = 10;

/**
 * At least `needed` of `matches`. Written as the combinations ('a AND b OR a AND c OR b AND c') the
 * indexes answer by bitmaps, so only the rows that qualify are read: counted per row, three common words
 * rechecked 9,000 rows for 500 (bench at 100,000 products).
 */
function atLeast(matches: SQL[], needed: number): SQL {
  const combinations: SQL[][] = [];
  const pick = (from: number, chosen: SQL[]) => {
    if (combinations.length > MAX_COMBINATIONS) return;
    if (chosen.length === needed) {
      combinations.push(chosen);
      return;
    }
    for (let i = from; i < matches.length; i++) pick(i + 1, [...chosen, matches[i] as SQL]);
  };
  pick(0, []);
  if (combinations.length <= MAX_COMBINATIONS) {
    return sql`(${sql.join(
      combinations.map((c) => sql`(${sql.join(c, sql` AND `)})`),
      sql` OR `,
    )})`;
  }
  return sql`(${sql.join(
    matches.map((m) => sql`(${m})::int`),
    sql` + `,
  )}) >= ${sql.raw(String(needed))}`;
}

/** Every one of `concepts` as typed, in the name. */
const allTyped = (concepts: Concept[]) =>
  sql`(${sql.join(
    concepts.map((c) => sql`${nameColumn} @@ ${tsQuery(tsQueryText(c.exact))}`),
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

/** Each of the words (concepts of one word) somewhere in the name: every alternative of each. */
const everyWord = (words: Concept[]) => words.map((w) => `(${tsQueryText(alternatives(w))})`).join(' & ');

/** A concept's alternatives, each once. */
const alternatives = (c: Concept): Phrase[] => unique([...c.exact, ...c.prefix, ...c.synonym, ...c.typo]);

function unique(phrases: Phrase[]): Phrase[] {
  const seen = new Set<string>();
  return phrases.filter((p) => {
    const key = p.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
