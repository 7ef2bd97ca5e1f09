/*
 * How the Sinónimos page writes and reads an entry's terms: one text field, the terms separated by commas
 * (a term may have several words, `air fryer`), and a plain Spanish sentence saying what the entry does.
 */

/** 'laptop, portátil , computadora portátil' → ['laptop', 'portátil', 'computadora portátil']. */
export function splitTerms(text: string): string[] {
  const terms = text.split(/[,\n]/).map((term) => term.trim());
  // A trailing comma is not an empty term; an empty one between two commas is (the schema says so).
  while (terms.length > 0 && terms[terms.length - 1] === '') terms.pop();
  return terms;
}

export function joinTerms(terms: readonly string[]): string {
  return terms.join(', ');
}

/** 'a', 'a y b', 'a, b y c'. */
function list(terms: readonly string[]): string {
  if (terms.length <= 1) return terms.join('');
  return `${terms.slice(0, -1).join(', ')} y ${terms[terms.length - 1]}`;
}

/** What searching finds with this entry, e.g. 'Buscar laptop también encuentra portátil; no al revés.' */
export function describeSynonym(terms: readonly string[], unidireccional: boolean): string {
  const [first, ...rest] = terms.filter((term) => term !== '');
  if (first === undefined || rest.length === 0) {
    return unidireccional
      ? 'laptop → portátil: buscar laptop también encuentra portátiles, pero buscar portátil no encuentra laptops.'
      : 'laptop = portátil: buscar cualquiera de los dos encuentra los productos de ambos.';
  }
  if (unidireccional) {
    return `${first} → ${rest.join(', ')}: buscar ${first} también encuentra ${list(rest)}; buscar ${list(rest)} no encuentra ${first}.`;
  }
  return `${[first, ...rest].join(' = ')}: buscar cualquiera de ellos encuentra los productos de todos.`;
}
