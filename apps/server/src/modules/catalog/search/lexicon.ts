import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/*
 * Whether a word is Spanish (docs/decisions/062-search-precision.md): a real word the catalog does not
 * have ('croquetas', 'alquiler', 'libros') names something the shop does not sell, and is not a typo of
 * the closest catalog word ('chaquetas', 'alfiler', 'litros'). The list is the package
 * an-array-of-spanish-words (636,000 words and their inflections, accent-free but for ñ, sorted): kept as
 * its own text (8 MB) with the offset of each word, not as 636,000 strings, and read on first use.
 */

interface Lexicon {
  text: string;
  /** Offset of each word's first letter in `text`, in the list's (sorted) order. */
  starts: Uint32Array;
}

let lexicon: Lexicon | undefined;

function load(): Lexicon {
  const path = createRequire(import.meta.url).resolve('an-array-of-spanish-words');
  const text = readFileSync(path, 'utf8');
  const offsets: number[] = [];
  // The file is a JSON array of plain words: ["a","ab",…]; each word starts after an opening quote.
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', text.indexOf('"', i + 1) + 1)) {
    offsets.push(i + 1);
  }
  return { text, starts: Uint32Array.from(offsets) };
}

/** Compares the list's word at `start` (ended by a quote) with `word`, as JavaScript orders strings. */
function compareAt(text: string, start: number, word: string): number {
  for (let i = 0; ; i++) {
    const a = text.charCodeAt(start + i);
    const listEnded = a === 34; // "
    if (i === word.length) return listEnded ? 0 : 1;
    if (listEnded) return -1;
    const b = word.charCodeAt(i);
    if (a !== b) return a - b;
  }
}

function listed({ text, starts }: Lexicon, word: string): boolean {
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const c = compareAt(text, starts[mid] as number, word);
    if (c === 0) return true;
    if (c < 0) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/**
 * Whether `word` (lower case, accent-free, as the search normalizes it: ñ is n) is a Spanish word. Each
 * n may have been an ñ ('pañuelo' arrives as 'panuelo'); the first three are tried both ways.
 */
export function isSpanishWord(word: string): boolean {
  lexicon ??= load();
  const ns = [...word.matchAll(/n/g)].map((m) => m.index).slice(0, 3);
  for (let mask = 0; mask < 1 << ns.length; mask++) {
    const letters = [...word];
    ns.forEach((at, bit) => {
      if (mask & (1 << bit)) letters[at] = 'ñ';
    });
    if (listed(lexicon, letters.join(''))) return true;
  }
  return false;
}
