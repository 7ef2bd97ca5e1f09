import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/*
 * Whether a word is Spanish (docs/decisions/062-search-precision.md): a real word the catalog does not
 * have ('croquetas', 'alquiler', 'libros') names something the shop does not sell, and is not a typo of
 * the closest catalog word ('chaquetas', 'alfiler', 'litros'). The list is the package
 * an-array-of-spanish-words (636,000 words and their inflections, accent-free but for ñ, sorted), read on
 * first use and kept as one run of Latin-1 bytes, a word a line, in the file's own buffer outside V8's
 * heap, with the offset of every BLOCK-th word: a string of the file and an offset per word held more in
 * the heap, and building them made the process's peak (docs/decisions/094-embedded-memory.md).
 */

interface Lexicon {
  /** The words, sorted, each followed by a newline; one byte a letter (ñ is 0xF1, its UTF-16 unit). */
  words: Buffer;
  /** Offset in `words` of every BLOCK-th word, from the first. */
  blocks: Uint32Array;
}

/** How many words one offset leads to: a lookup searches the offsets, then reads at most this many words. */
const BLOCK = 8;
const NEWLINE = 0x0a;
const QUOTE = 0x22;

let lexicon: Lexicon | undefined;

function load(): Lexicon {
  const path = createRequire(import.meta.url).resolve('an-array-of-spanish-words');
  // The file is a JSON array of plain words in UTF-8: ["a","ab",…]. Each word is moved to the front of
  // the same bytes, as it is never longer there than in the file; its letters are all below U+0100, so
  // each becomes one byte.
  const bytes = readFileSync(path);
  const blocks: number[] = [];
  let length = 0;
  let count = 0;
  let inWord = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    if (byte === QUOTE) {
      if (inWord) bytes[length++] = NEWLINE;
      else if (count++ % BLOCK === 0) blocks.push(length);
      inWord = !inWord;
    } else if (inWord) {
      if (byte < 0x80) bytes[length++] = byte;
      else if (byte === 0xc2 || byte === 0xc3)
        bytes[length++] = ((byte & 0x1f) << 6) | ((bytes[++i] as number) & 0x3f);
      else throw new Error(`an-array-of-spanish-words: a letter past U+00FF at byte ${i}`);
    }
  }
  // A view of the file's own bytes: no second copy while the shop serves.
  return { words: bytes.subarray(0, length), blocks: Uint32Array.from(blocks) };
}

/** Compares the list's word at `start` (ended by a newline) with `word`, as JavaScript orders strings. */
function compareAt(words: Buffer, start: number, word: string): number {
  for (let i = 0; ; i++) {
    const a = words[start + i] as number;
    const listEnded = a === NEWLINE;
    if (i === word.length) return listEnded ? 0 : 1;
    if (listEnded) return -1;
    const b = word.charCodeAt(i);
    if (a !== b) return a - b;
  }
}

function listed({ words, blocks }: Lexicon, word: string): boolean {
  // The last block whose first word is not after `word`…
  let low = 0;
  let high = blocks.length - 1;
  let block = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const c = compareAt(words, blocks[mid] as number, word);
    if (c === 0) return true;
    if (c < 0) {
      block = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (block === -1) return false;
  // …then its other words, one after the other.
  let start = blocks[block] as number;
  for (let n = 1; n < BLOCK; n++) {
    while (words[start] !== NEWLINE) start++;
    start++;
    if (start >= words.length) return false;
    const c = compareAt(words, start, word);
    if (c === 0) return true;
    if (c > 0) return false;
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
