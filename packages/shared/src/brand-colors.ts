/*
 * The shop's brand colours and the contrast rule they must pass (WCAG 2.x). The storefront paints the
 * primary colour behind the footer's text and the accent behind buttons and as the colour of links, so
 * every pair a shopper reads must reach the AA minimum for normal text. The text on each colour is not
 * chosen by the owner: it is the one of DARK_TEXT and LIGHT_TEXT that reads better on it.
 */

/** WCAG 2.x AA for normal text. */
export const WCAG_AA_NORMAL_TEXT = 4.5;

/** The theme's own text colours (apps/web/src/app/theme.css: --color-text, and white). */
export const DARK_TEXT = '#1c1917';
export const LIGHT_TEXT = '#ffffff';
/** The page background links are read on (theme.css --color-bg, darker than the white surfaces). */
export const PAGE_BACKGROUND = '#fbf8f4';

/** The theme's colours, what a shop shows until its owner picks others. */
export const DEFAULT_BRAND_COLORS = { primario: '#2b1d14', acento: '#b4410f' } as const;

export interface BrandColors {
  primario: string;
  acento: string;
}

/** '#rrggbb', the form a colour input gives (lower case once read). */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

const channels = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

/** WCAG relative luminance of a '#rrggbb' colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour that reads better on `background`: the theme's dark text or white. */
export function textColorOn(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

/** A ratio as the message writes it: '3,2:1', rounded down so that a ratio just short never reads 4,5. */
export const formatRatio = (ratio: number) =>
  `${(Math.floor(ratio * 10) / 10).toFixed(1).replace('.', ',')}:1`;

const MINIMUM = `${String(WCAG_AA_NORMAL_TEXT).replace('.', ',')}:1`;

/**
 * Why a pair of brand colours cannot be used, per colour (Spanish, with the ratio found and the minimum),
 * or an empty object when every pair a shopper reads passes WCAG AA.
 */
export function brandColorProblems(colors: BrandColors): Partial<Record<keyof BrandColors, string>> {
  const problems: Partial<Record<keyof BrandColors, string>> = {};
  const primary = contrastRatio(colors.primario, textColorOn(colors.primario));
  if (primary < WCAG_AA_NORMAL_TEXT) {
    problems.primario =
      `Ningún texto se lee bien sobre el color primario: el mejor contraste es ${formatRatio(primary)} y ` +
      `el mínimo es ${MINIMUM} (WCAG AA). Elige un color más claro o más oscuro.`;
  }
  // An accent that reads on the light page background is dark enough for white text on it (≥ 4.7:1):
  // one check covers links and buttons alike.
  const asLink = contrastRatio(colors.acento, PAGE_BACKGROUND);
  if (asLink < WCAG_AA_NORMAL_TEXT) {
    problems.acento =
      `Los enlaces y botones en el color de acento tienen un contraste de ${formatRatio(asLink)} sobre el ` +
      `fondo de la tienda y el mínimo es ${MINIMUM} (WCAG AA). Elige un color más oscuro.`;
  }
  return problems;
}

/** `hex` mixed with `other` by `weight` of `other` (0 to 1), as '#rrggbb'. */
function mix(hex: string, other: string, weight: number): string {
  const a = channels(hex);
  const b = channels(other);
  return `#${a
    .map((c, i) => Math.round(c * (1 - weight) + (b[i] as number) * weight))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The storefront's CSS custom properties (theme.css) that follow the brand colours: the primary with
 * its text, the accent with its text, a darker accent for hover and a pale one for soft backgrounds.
 */
export function brandPalette(colors: BrandColors): Record<string, string> {
  const primary = colors.primario.toLowerCase();
  const accent = colors.acento.toLowerCase();
  return {
    '--color-ink': primary,
    '--color-on-ink': textColorOn(primary),
    '--color-accent': accent,
    '--color-accent-strong': mix(accent, '#000000', 0.2),
    '--color-accent-soft': mix(accent, '#ffffff', 0.9),
    '--color-on-accent': textColorOn(accent),
  };
}
