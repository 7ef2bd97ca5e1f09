import type { Dictionary } from './dictionary';
import { allowedEdits, isStopWord, soundOf, withinEdits, wordsOf } from './words';

/*
 * A query becomes concepts: each content word, or each run of words that is a synonym term ('air fryer',
 * 'pantalón de mezclilla'), is one concept a product may match. A concept's alternatives come in the
 * ranking's order: the words themselves (stems, so plurals match), the catalog words they begin, the
 * synonyms, and the catalog words one or two typos away.
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
}

/** Enough for any real query; the rest of a very long one is ignored. */
const MAX_CONCEPTS = 8;
const MAX_PREFIX_WORDS = 20;
const MAX_TYPO_WORDS = 8;
/** A bound for a word with unusually many neighbours one typo away, so its query stays small. */
const MAX_CLOSE_TYPO_WORDS = 32;

export function expandQuery(dictionary: Dictionary, query: string): Concept[] {
  const words = wordsOf(query).filter((w) => w.length > 1 || /\d/.test(w));
  const concepts: Concept[] = [];
  for (let i = 0; i < words.length && concepts.length < MAX_CONCEPTS; ) {
    const run = longestSynonymRun(dictionary, words, i);
    if (run) {
      const typed = words.slice(i, i + run.length);
      concepts.push({
        typed: typed.join(' '),
        exact: [typed],
        prefix: [],
        synonym: run.synonyms.map((t) => t.split(' ')),
        typo: [],
        words: typed.filter((w) => !isStopWord(w)).map((w) => wordConcept(dictionary, w)),
      });
      i += run.length;
      continue;
    }
    const word = words[i] as string;
    i++;
    if (isStopWord(word)) continue;
    concepts.push(wordConcept(dictionary, word));
  }
  return concepts;
}

/**
 * The longest run of two or more words from `start` that is a synonym term (plural words tried in
 * singular too). A single word is a word concept, which brings its synonyms along with its typos.
 */
function longestSynonymRun(dictionary: Dictionary, words: string[], start: number) {
  for (let length = Math.min(dictionary.longestTerm, words.length - start); length >= 2; length--) {
    const run = words.slice(start, start + length);
    if (isStopWord(run[0] as string) || isStopWord(run.at(-1) as string)) continue;
    for (const key of [run.join(' '), run.map(singular).join(' ')]) {
      const synonyms = dictionary.synonyms.get(key);
      if (synonyms) return { length, synonyms };
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

function wordConcept(dictionary: Dictionary, word: string): Concept {
  const prefix = wordsStartingWith(dictionary, word)
    .filter((w) => w !== word && !isStopWord(w))
    .sort((a, b) => (dictionary.products.get(b) ?? 0) - (dictionary.products.get(a) ?? 0))
    .slice(0, MAX_PREFIX_WORDS);
  const typos = typosOf(dictionary, word).filter((w) => !w.startsWith(word) && !isStopWord(w));
  const synonym: Phrase[] = [];
  // A corrected word brings its synonyms along ('audifnos' → 'audifonos' → 'auriculares'), unless the
  // word is known as typed: 'acero' is steel, not a typo of 'zero' (a synonym of 'sin azúcar').
  const known = (dictionary.products.get(word) ?? 0) > 0 || dictionary.synonyms.has(word);
  for (const source of known ? [word, singular(word)] : [word, singular(word), ...typos]) {
    for (const term of dictionary.synonyms.get(source) ?? []) synonym.push(term.split(' '));
  }
  return {
    typed: word,
    exact: [[word]],
    prefix: prefix.map((w) => [w]),
    synonym,
    typo: typos.map((w) => [w]),
    words: [],
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

/**
 * Catalog words within the typos `word` may carry, spelled or as they sound, closest and most used first.
 * A word that sounds the same is found even when short ('baso' → 'vaso'): the confusion is not a typo.
 */
export function typosOf(dictionary: Dictionary, word: string, max = allowedEdits(word)): string[] {
  const sound = soundOf(word);
  const found = new Map<string, number>();
  for (const w of dictionary.bySound.get(sound) ?? []) found.set(w, 0.5);
  if (max > 0) {
    for (let length = word.length - max; length <= word.length + max; length++) {
      for (const w of dictionary.byLength.get(length) ?? []) {
        if (found.has(w)) continue;
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
  const far = ranked
    .filter(([, distance]) => distance > 1)
    .slice(0, Math.max(0, MAX_TYPO_WORDS - close.length));
  return [...close, ...far].map(([w]) => w);
}

/**
 * The catalog word a shopper most likely meant by an unknown word, allowing one typo more than the search
 * does ('¿Quisiste decir …?' after a search that found nothing); undefined when none is close.
 */
export function closestWord(dictionary: Dictionary, word: string): string | undefined {
  if (word.length < 3) return undefined;
  return typosOf(dictionary, word, Math.min(2, allowedEdits(word) + 1)).find(
    (w) => (dictionary.products.get(w) ?? 0) > 0,
  );
}
