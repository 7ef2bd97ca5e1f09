/*
 * Messages built from a field's name ('La tarifa de envío', 'El precio mínimo') take an adjective that must
 * agree with it: the article the name starts with says its gender and number, so the name alone decides.
 */

const ARTICLES = {
  el: { feminine: false, plural: false },
  la: { feminine: true, plural: false },
  los: { feminine: false, plural: true },
  las: { feminine: true, plural: true },
} as const;

/**
 * `masculine` (an adjective ending in -o: 'negativo') as it agrees with `label`: 'La tarifa de envío' →
 * 'negativa', 'Los precios' → 'negativos'. A label without an article is a programming error.
 */
export function agreeing(label: string, masculine: string): string {
  const article = label.split(' ', 1)[0]?.toLowerCase() ?? '';
  const form = ARTICLES[article as keyof typeof ARTICLES];
  if (!form) throw new Error(`«${label}» does not start with el, la, los or las`);
  const stem = form.feminine ? `${masculine.slice(0, -1)}a` : masculine;
  return form.plural ? `${stem}s` : stem;
}
