import type { Database, Db } from '../../../db/client';
import { sinonimo, vocabulario } from '../../../db/schema';
import { isStopWord, normalizeText, soundOf, wordsOf } from './words';

/*
 * What a search compares the shopper's words with, kept in each process's memory: the catalog's words
 * (vocabulario) and the synonyms dictionary. Both are small next to the catalog (hundreds to a few
 * thousand words), and a typo check against every word of similar length takes well under a
 * millisecond, where a trigram prefilter in SQL misses many one-letter typos of 5-letter words.
 * The triggers of migration 0010 announce every change on busqueda_cambio; the next search reloads.
 */

export interface Dictionary {
  /** Catalog words (and the synonyms' words, with 0 products), sorted for prefix lookups. */
  words: string[];
  products: Map<string, number>;
  /** Words of the products' options (names and values, 'talla', 'm', 'rojo'), however short. */
  options: Set<string>;
  /** Words by length, for the typo check. */
  byLength: Map<number, string[]>;
  /** Words by their sound (soundOf), and each word's sound. */
  bySound: Map<string, string[]>;
  sounds: Map<string, string>;
  /** A normalized term (words joined by one space) → the terms it also finds. */
  synonyms: Map<string, string[]>;
  /** The most words in one term: how far ahead a query looks for a multi-word term. */
  longestTerm: number;
}

/**
 * A term as the dictionary compares it: its words, lower case and accent-free, one space apart, a
 * hyphenated word written whole ('t-shirt' → tshirt), as a query's words are read (expand.ts).
 */
export const termKey = (term: string) =>
  wordsOf(normalizeText(term).replace(/([a-z0-9])-(?=[a-z0-9])/g, '$1')).join(' ');

export async function loadDictionary(db: Db): Promise<Dictionary> {
  const [vocabulary, entries] = await Promise.all([
    db.select().from(vocabulario),
    db.select({ terminos: sinonimo.terminos, unidireccional: sinonimo.unidireccional }).from(sinonimo),
  ]);
  const products = new Map(vocabulary.map((v) => [v.palabra, v.productos]));
  const options = new Set(vocabulary.filter((v) => v.opciones > 0).map((v) => v.palabra));
  const synonyms = new Map<string, string[]>();
  let longestTerm = 1;
  const add = (from: string, to: string) => {
    if (from === to || from === '' || to === '') return;
    const list = synonyms.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    synonyms.set(from, list);
  };
  for (const entry of entries) {
    const keys = entry.terminos.map(termKey);
    for (const key of keys) {
      longestTerm = Math.max(longestTerm, key.split(' ').length);
      for (const word of key.split(' ')) if (word.length >= 3 && !products.has(word)) products.set(word, 0);
    }
    const sources = entry.unidireccional ? keys.slice(0, 1) : keys;
    for (const from of sources) for (const to of keys) add(from, to);
  }
  // A term is also found without its stop words, whichever the shopper used: 'carrito a control remoto'
  // is the 'carrito de control remoto' of the dictionary.
  for (const [key, terms] of [...synonyms]) {
    const content = key.split(' ').filter((w) => !isStopWord(w));
    const bare = content.join(' ');
    if (content.length >= 2 && bare !== key && !synonyms.has(bare)) synonyms.set(bare, terms);
  }
  const words = [...products.keys()].sort();
  const byLength = new Map<number, string[]>();
  const bySound = new Map<string, string[]>();
  const sounds = new Map<string, string>();
  for (const word of words) {
    pushTo(byLength, word.length, word);
    const sound = soundOf(word);
    sounds.set(word, sound);
    pushTo(bySound, sound, word);
  }
  return { words, products, options, byLength, bySound, sounds, synonyms, longestTerm };
}

function pushTo<K>(map: Map<K, string[]>, key: K, word: string) {
  const list = map.get(key);
  if (list) list.push(word);
  else map.set(key, [word]);
}

interface Watched {
  listening: () => boolean;
  current: Promise<Dictionary> | undefined;
}

const watched = new WeakMap<Db, Watched>();

/** Keeps `database`'s dictionary in memory from now on, dropped whenever the triggers announce a change. */
export function watchDictionary(database: Database) {
  if (watched.has(database.db)) return;
  const state: Watched = { listening: database.listening, current: undefined };
  watched.set(database.db, state);
  database.subscribe('busqueda_cambio', () => {
    state.current = undefined;
  });
}

/** The dictionary as it stands; read afresh while no connection listens (a change could go unheard). */
export function dictionaryOf(db: Db): Promise<Dictionary> {
  const state = watched.get(db);
  if (!state?.listening()) return loadDictionary(db);
  if (!state.current) {
    const loading = loadDictionary(db);
    state.current = loading;
    loading.catch(() => {
      if (state.current === loading) state.current = undefined;
    });
  }
  return state.current;
}
