/*
 * A shopper's text as the catalog's words are stored (vocabulario, filled by palabras_de in migration
 * 0010): lower case, without accents, split on anything that is not a letter or a digit.
 */

/** Lower case without accents or other marks, like f_unaccent(lower(text)) for Spanish text (ñ → n). */
export function normalizeText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();
}

export function wordsOf(text: string): string[] {
  return normalizeText(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/**
 * Words a shopper adds without meaning them as a requirement ('mesa de roble' asks for a table and oak),
 * in Spanish and English. Dropped from a query, kept inside a phrase ('pantalón de mezclilla').
 */
const STOP_WORDS = new Set(
  (
    'a al con de del el en la las lo los para por sin su sus un una unas unos y o e u ' +
    'the an of for with and or to in on my'
  ).split(' '),
);

export const isStopWord = (word: string) => STOP_WORDS.has(word);

/**
 * Words that say how a shopper asks, not what for ('algo para regar', 'quiero unas zapatillas', 'busco
 * un buen taladro'): dropped like stop words unless they are the whole query. Qualities a shopper puts
 * before the noun ('buena licuadora', 'mejor taladro') are among them, so the thing named comes first.
 */
const FILLER_WORDS = new Set(
  (
    'algo alguna alguno algunos algunas algun cosa cosas que quiero quisiera queria busco buscando ' +
    'necesito necesitaria tienen tiene tienes tengan hay venden vende vendan comprar compro regalar ' +
    'hacer sirva sirve sirvan usar uso como donde cual cuales cuanto cuesta precio precios me mi mis ' +
    'te tu tus se le les nos muy mas menos bien buen bueno buena buenos buenas mejor mejores barato ' +
    'barata baratos baratas lindo linda lindos lindas bonito bonita bonitos bonitas nuevo nueva nuevos ' +
    'nuevas gran grande grandes tipo este esta estos estas ese esa esos esas eso esto hasta desde ' +
    'entre sobre favor hola porfa please want need some something good best cheap new'
  ).split(' '),
);

export const isFiller = (word: string) => FILLER_WORDS.has(word);

/**
 * The forms of a word that are the same word: itself, its singular and its plural ('mesas', 'mesa';
 * 'lápices', 'lápiz'; 'pantalón', 'pantalones'), as Spanish and English write them. Gender is left out:
 * 'medias' (socks) are not 'medio'.
 */
export function inflectionsOf(word: string): string[] {
  if (/\d/.test(word) || word.length < 3) return [word];
  const forms = new Set([word]);
  if (word.endsWith('s')) {
    forms.add(word.slice(0, -1));
    if (word.endsWith('es') && word.length > 4) {
      forms.add(word.slice(0, -2));
      if (word.endsWith('ces')) forms.add(`${word.slice(0, -3)}z`);
    }
  } else {
    forms.add(`${word}s`);
    if (!/[aeiou]$/.test(word)) forms.add(`${word}es`);
    if (word.endsWith('z')) forms.add(`${word.slice(0, -1)}ces`);
  }
  return [...forms];
}

/**
 * The word in the other gender, for an adjective ending in -o/-a (-os/-as): 'roja' → 'rojo'. Only ever
 * compared with option values (a colour agrees with the thing it describes, the option says it once):
 * between other words gender is no inflection ('medias' are not 'medio').
 */
export function otherGenderOf(word: string): string | undefined {
  const match = /^(.{2,})([oa])(s?)$/.exec(word);
  if (!match) return undefined;
  const [, stem, vowel, plural] = match;
  return `${stem}${vowel === 'o' ? 'a' : 'o'}${plural}`;
}

/** Typos a word may carry, as the search engines count them: none below 5 letters, 1 from 5, 2 from 9. */
export function allowedEdits(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/**
 * The word as it sounds in most of the Spanish-speaking world, so the usual spelling confusions cost
 * nothing: b/v, c/s/z (before e, i), ll/y, a silent h, g/j (before e, i) and qu/c/k.
 */
export function soundOf(word: string): string {
  return word
    .replace(/ch/g, '#')
    .replace(/h/g, '')
    .replace(/qu(?=[ei])/g, 'k')
    .replace(/gu(?=[ei])/g, 'g')
    .replace(/c(?=[ei])/g, 's')
    .replace(/g(?=[ei])/g, 'j')
    .replace(/c/g, 'k')
    .replace(/ll/g, 'y')
    .replace(/z/g, 's')
    .replace(/v/g, 'b')
    .replace(/#/g, 'ch');
}

/** Rows of the distance table, reused: the typo check runs over every word of similar length. */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Whether `a` becomes `b` with at most `max` insertions, deletions, substitutions or swaps of two
 * adjacent letters (optimal string alignment distance), stopping as soon as a row exceeds `max`.
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (a === b) return true;
  if (max === 0) return false;
  if ((rows[0] as Int32Array).length <= b.length) {
    rows = [0, 1, 2].map(() => new Int32Array(b.length * 2 + 1));
  }
  let [twoBack, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        d = Math.min(d, (twoBack[j - 2] as number) + 1);
      }
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return false;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return (previous[b.length] as number) <= max;
}
