import type { Dictionary } from './dictionary';
import { isSpanishWord } from './lexicon';
import {
  allowedEdits,
  inflectionsOf,
  isFiller,
  isStopWord,
  normalizeText,
  otherGenderOf,
  soundOf,
  withinEdits,
  wordsOf,
} from './words';

/*
 * A query becomes concepts: each content word, or each run of words that is a dictionary term ('air
 * fryer', 'pantalón de mezclilla', 'jump rope'), is one concept a product may match. A concept's
 * alternatives come in the ranking's order: the word itself and its plural or singular, the catalog
 * words it begins, its synonyms, and the catalog words one or two typos away. What each may reach is
 * the precision rules of docs/decisions/062-search-precision.md:
 * - a short word (4 letters or fewer) or a number is only itself: 'pro' is not 'profesional', '15' not
 *   '150';
 * - a typo is only looked for when the catalog has neither the word nor a word it begins, and a word
 *   that is Spanish is not a typo of another word ('libros' is not 'litros'), only of its own family
 *   ('taladra' → 'taladro') or of a word that sounds the same ('cierra' → 'sierra');
 * - words that say how the shopper asks ('algo', 'quiero', 'para') are dropped unless they are all there is.
 */

/** A phrase: words that must follow one another (one word for most). */
export type Phrase = string[];

export interface Concept {
  /** What the shopper typed for it, normalized. */
  typed: string;
  exact: Phrase[];
  prefix: Phrase[];
  synonym: Phrase[];
  typo: Phrase[];
  /**
   * For a term of several words, the same words one by one, anywhere in the text and each with its own
   * prefixes, synonyms and typos: 'disco externo' is a synonym term, and 'Disco SSD externo' has it apart.
   */
  words: Concept[];
  /** Whether any alternative is a word of the catalog: a concept that is not names nothing the shop has. */
  found: boolean;
  /** A number or a word of two letters: it narrows a query, it never names what is asked for. */
  weak: boolean;
  /**
   * A word of the products' options ('talla', 'm', 'roja' for 'Rojo'): it describes the thing asked for,
   * so it names it only when the query has nothing else.
   */
  option: boolean;
}

export interface ExpandOptions {
  /** The last word is still being typed (suggestions): it stands for the words it begins, at any length. */
  completeLast?: boolean;
}

/** Enough for any real query; the rest of a very long one is ignored. */
const MAX_CONCEPTS = 8;
const MAX_PREFIX_WORDS = 20;
const MAX_TYPO_WORDS = 8;
/** A bound for a word with unusually many neighbours one typo away, so its query stays small. */
const MAX_CLOSE_TYPO_WORDS = 32;
/** Shorter words are taken as typed: their prefixes and typos are mostly other things. */
const MIN_EXPANDED_LENGTH = 5;
/** A word being typed completes into dictionary terms ('hood' → hoodie) from this length. */
const MIN_COMPLETED_TERM_LENGTH = 3;

export function expandQuery(dictionary: Dictionary, query: string, options: ExpandOptions = {}): Concept[] {
  const words = contentOf(queryWords(dictionary, query));
  const concepts: Concept[] = [];
  for (let i = 0; i < words.length && concepts.length < MAX_CONCEPTS; ) {
    const run = longestSynonymRun(dictionary, words, i);
    if (run) {
      const typed = words.slice(i, i + run.length);
      const apart = typed.filter((w) => !isStopWord(w)).map((w) => wordConcept(dictionary, w));
      concepts.push({
        typed: typed.join(' '),
        exact: [typed],
        prefix: [],
        synonym: run.synonyms.map((t) => t.split(' ')),
        typo: [],
        words: apart,
        found: true,
        weak: false,
        option: false,
      });
      i += run.length;
      continue;
    }
    const word = words[i] as string;
    // Words typed together are read apart, where a term of several words may begin.
    const parts = run ? undefined : splitCompound(dictionary, word);
    if (parts) {
      words.splice(i, 1, ...parts);
      continue;
    }
    i++;
    if (isStopWord(word)) continue;
    const complete = options.completeLast === true && i === words.length;
    concepts.push(wordConcept(dictionary, word, complete));
  }
  return concepts;
}

/** A word the catalog or the dictionary knows, in any of its forms. */
function isKnown(dictionary: Dictionary, word: string): boolean {
  return inflectionsOf(word).some((w) => (dictionary.products.get(w) ?? 0) > 0 || dictionary.synonyms.has(w));
}

/**
 * The query's words, with words typed apart or together as the catalog writes them: a hyphenated word
 * joined when the catalog or the dictionary knows it so ('t-shirt' → tshirt, 'wi-fi' → wifi), two words
 * joined when only together they are known ('micro ondas'). Words typed together are split later
 * (splitCompound), once a term of several words had its chance ('baseball cap').
 */
function queryWords(dictionary: Dictionary, query: string): string[] {
  const tokens = wordsOf(query);
  const hyphenated = new Set(
    [...normalizeText(query).matchAll(/[a-z0-9]+(?:-[a-z0-9]+)+/g)].map((m) => m[0].replace(/-/g, '')),
  );
  const joined: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] as string;
    // Parts of a hyphenated word, or two words, that the catalog or the dictionary knows as one.
    let taken = false;
    for (let length = Math.min(4, tokens.length - i); length >= 2 && !taken; length--) {
      const together = tokens.slice(i, i + length).join('');
      const apart = tokens.slice(i, i + length);
      const wanted = hyphenated.has(together) || apart.some((w) => !isKnown(dictionary, w));
      if (wanted && isKnown(dictionary, together) && !longestSynonymRun(dictionary, apart, 0)) {
        joined.push(together);
        i += length - 1;
        taken = true;
      }
    }
    if (taken) continue;
    // A single letter says nothing, unless it is an option value of the catalog: a size ('talla m').
    if (word.length < 2 && !/\d/.test(word) && !dictionary.options.has(word)) continue;
    joined.push(word);
  }
  return joined;
}

/** The query without its filler words, unless nothing else is left ('algo' alone is searched as typed). */
function contentOf(words: string[]): string[] {
  const content = words.filter((w) => !isFiller(w));
  return content.some((w) => !isStopWord(w)) ? content : words;
}

/**
 * An unknown word of 8 letters or more, and no typo of a catalog word, that is two to four known words
 * of 4 letters or more typed together, stop words allowed between them ('freidoradeaire',
 * 'cintametrica'); the split into the fewest words.
 */
function splitCompound(dictionary: Dictionary, word: string): string[] | undefined {
  if (word.length < 8 || /\d/.test(word) || isKnown(dictionary, word) || isSpanishWord(word)) {
    return undefined;
  }
  // A typo of one word is that word ('atesanal' is 'artesanal', not 'a tes anal').
  if (typosOf(dictionary, word).some((w) => inCatalog(dictionary, w))) return undefined;
  const part = (w: string) => isStopWord(w) || (w.length >= 4 && isKnown(dictionary, w));
  // best[i]: the fewest parts that spell word.slice(0, i).
  const best: (string[] | undefined)[] = [[]];
  for (let end = 1; end <= word.length; end++) {
    for (let start = 0; start < end; start++) {
      const before = best[start];
      const piece = word.slice(start, end);
      if (before && part(piece) && (!best[end] || before.length + 1 < (best[end] as string[]).length)) {
        best[end] = [...before, piece];
      }
    }
  }
  const split = best[word.length];
  if (!split || split.length < 2 || split.length > 4 || split.every(isStopWord)) return undefined;
  return split;
}

/**
 * The longest run of two or more words from `start` that is a dictionary term (plural words tried in
 * singular too, and without the stop words between: 'calentar la comida' is 'calentar comida'). A single
 * word is a word concept, which brings its synonyms along with its typos.
 */
function longestSynonymRun(dictionary: Dictionary, words: string[], start: number) {
  for (let length = Math.min(dictionary.longestTerm + 2, words.length - start); length >= 2; length--) {
    const run = words.slice(start, start + length);
    if (isStopWord(run[0] as string) || isStopWord(run.at(-1) as string)) continue;
    const content = run.filter((w) => !isStopWord(w));
    const keys = [
      run.join(' '),
      run.map(singular).join(' '),
      content.join(' '),
      content.map(singular).join(' '),
    ];
    for (const key of keys) {
      const synonyms = dictionary.synonyms.get(key);
      if (synonyms && key.includes(' ')) return { length, synonyms };
    }
  }
  return undefined;
}

/** 'camisetas' → 'camiseta', 'pantalones' → 'pantalon': enough to find a dictionary term. */
function singular(word: string): string {
  if (word.length > 4 && /[^aeiou]es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  return word;
}

const inCatalog = (dictionary: Dictionary, word: string) => (dictionary.products.get(word) ?? 0) > 0;

function wordConcept(dictionary: Dictionary, word: string, complete = false): Concept {
  const number = /\d/.test(word);
  const short = word.length < MIN_EXPANDED_LENGTH;
  // An option value in the other gender is the same value: 'camiseta roja' asks for the colour 'Rojo'.
  const inflections = inflectionsOf(word);
  const agreeing = inflections
    .map(otherGenderOf)
    .filter((w): w is string => w !== undefined && dictionary.options.has(w));
  const forms = [...inflections, ...agreeing];
  const exact = forms.filter((w) => w === word || dictionary.products.has(w));
  const prefix =
    (short || number) && !complete
      ? []
      : wordsStartingWith(dictionary, word)
          .filter((w) => !forms.includes(w) && !isStopWord(w))
          .sort((a, b) => (dictionary.products.get(b) ?? 0) - (dictionary.products.get(a) ?? 0))
          .slice(0, MAX_PREFIX_WORDS);
  const known = forms.some((w) => inCatalog(dictionary, w) || dictionary.synonyms.has(w));
  const typos =
    known ||
    number ||
    prefix.some((w) => inCatalog(dictionary, w) || (complete && dictionary.synonyms.has(w)))
      ? []
      : typosOf(dictionary, word, short ? 0 : allowedEdits(word)).filter(
          (w) => !w.startsWith(word) && !isStopWord(w) && !isFiller(w),
        );
  const synonym: Phrase[] = [];
  const addSynonyms = (source: string) => {
    for (const term of dictionary.synonyms.get(source) ?? []) {
      if (!synonym.some((p) => p.join(' ') === term)) synonym.push(term.split(' '));
    }
  };
  for (const source of [...forms, singular(word), ...typos]) addSynonyms(source);
  // A word being typed stands for the dictionary's terms it begins ('pendr' → pendrive). A word searched
  // is a word: 'curso' is not the beginning of 'cursor', nor 'calentar' of 'calentarse'.
  if (complete && !number && word.length >= MIN_COMPLETED_TERM_LENGTH) {
    for (const w of prefix) addSynonyms(w);
  }
  const alternatives = [...exact, ...prefix, ...typos];
  const found =
    alternatives.some((w) => inCatalog(dictionary, w)) ||
    synonym.some((p) => p.every((w) => isStopWord(w) || inCatalog(dictionary, w)));
  return {
    typed: word,
    exact: exact.map((w) => [w]),
    prefix: prefix.map((w) => [w]),
    synonym,
    typo: typos.map((w) => [w]),
    words: [],
    found,
    weak: number || word.length < 3,
    option: forms.some((w) => dictionary.options.has(w)),
  };
}

/** Catalog words that begin with `prefix` (binary search in the sorted list). */
function wordsStartingWith(dictionary: Dictionary, prefix: string): string[] {
  const { words } = dictionary;
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((words[mid] as string) < prefix) low = mid + 1;
    else high = mid;
  }
  const found: string[] = [];
  for (let i = low; i < words.length && (words[i] as string).startsWith(prefix); i++)
    found.push(words[i] as string);
  return found;
}

/** Whether `a` and `b` are one word in two forms: they differ only in their last two letters. */
function sameFamily(a: string, b: string): boolean {
  let common = 0;
  while (common < a.length && a[common] === b[common]) common++;
  return common >= 4 && common >= Math.max(a.length, b.length) - 2;
}

/**
 * Catalog words within the typos `word` may carry, spelled or as they sound, closest and most used first.
 * A word that sounds the same is found even when short ('baso' → 'vaso'): the confusion is not a typo.
 * A Spanish word is only a typo of a word of its own family or of one that sounds the same.
 */
export function typosOf(
  dictionary: Dictionary,
  word: string,
  max = allowedEdits(word),
  limit = MAX_TYPO_WORDS,
): string[] {
  const sound = soundOf(word);
  const found = new Map<string, number>();
  for (const w of dictionary.bySound.get(sound) ?? []) found.set(w, 0.5);
  const spanish = max > 0 && isSpanishWord(word);
  if (max > 0) {
    for (let length = word.length - max; length <= word.length + max; length++) {
      for (const w of dictionary.byLength.get(length) ?? []) {
        if (found.has(w) || (spanish && !sameFamily(word, w))) continue;
        if (withinEdits(word, w, max)) found.set(w, max === 1 || withinEdits(word, w, 1) ? 1 : 2);
        else if (withinEdits(sound, dictionary.sounds.get(w) ?? soundOf(w), max)) found.set(w, max);
      }
    }
  }
  found.delete(word);
  const ranked = [...found.entries()].sort(
    ([a, da], [b, db]) => da - db || (dictionary.products.get(b) ?? 0) - (dictionary.products.get(a) ?? 0),
  );
  // Every word one typo away stays (the engines' rule promises it: 'carha' has a dozen such neighbours,
  // 'carga' among the last); words two typos away only fill what is left of MAX_TYPO_WORDS.
  const close = ranked.filter(([, distance]) => distance <= 1).slice(0, MAX_CLOSE_TYPO_WORDS);
  const far = ranked.filter(([, distance]) => distance > 1).slice(0, Math.max(0, limit - close.length));
  return [...close, ...far].map(([w]) => w);
}

/**
 * The catalog words a shopper most likely meant by an unknown word, best first, allowing one typo more
 * than the search does ('¿Quisiste decir …?' after a search that found nothing). Only plausible ones: of
 * 5 letters or more like the word, with its first letter (or its sound), a word products have, no filler.
 */
export function closestWords(dictionary: Dictionary, word: string): string[] {
  if (word.length < MIN_EXPANDED_LENGTH || /\d/.test(word)) return [];
  return typosOf(dictionary, word, Math.min(2, allowedEdits(word) + 1), Number.POSITIVE_INFINITY).filter(
    (w) =>
      w.length >= MIN_EXPANDED_LENGTH &&
      inCatalog(dictionary, w) &&
      !isStopWord(w) &&
      !isFiller(w) &&
      (w[0] === word[0] || soundOf(w)[0] === soundOf(word)[0]),
  );
}
