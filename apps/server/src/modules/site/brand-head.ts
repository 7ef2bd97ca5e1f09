import { createHash } from 'node:crypto';
import { brandPalette, DEFAULT_BRAND_COLORS, type Tienda } from '@vitrina/shared';
import { escapeHtml } from './seo';

/*
 * The shop's look in every page's head (docs/decisions/068-shop-identity.md): its favicon, its primary
 * colour as the browser's theme colour, and its brand colours as the theme's custom properties, from
 * /tema.css (the Content-Security-Policy allows no inline style). The page is written anew when the
 * identity changes (the rendered pages are dropped on `catalogo_cambio`), so the next load shows it.
 */

export const THEME_CSS_PATH = '/tema.css';

/** The custom properties of `identity`'s colours, over the theme's (twice :root: it wins in any order). */
export function themeCss(identity: Tienda): string {
  const properties = Object.entries(brandPalette(identity.colores))
    .map(([name, value]) => `  ${name}: ${value};`)
    .join('\n');
  return `:root:root {\n${properties}\n}\n`;
}

/** A short name of the colours: /tema.css?v=… changes with them, so the browser may keep each for good. */
export const themeVersion = (identity: Tienda) =>
  createHash('sha256').update(themeCss(identity)).digest('base64url').slice(0, 12);

const hasOwnColors = (identity: Tienda) =>
  identity.colores.primario !== DEFAULT_BRAND_COLORS.primario ||
  identity.colores.acento !== DEFAULT_BRAND_COLORS.acento;

/** `html` (a page with its head) with the shop's favicon, theme colour and colours. */
export function brandHead(html: string, identity: Tienda): string {
  let page = html.replace(
    /<meta name="theme-color" content="[^"]*"\s*\/?>/,
    () => `<meta name="theme-color" content="${escapeHtml(identity.colores.primario)}">`,
  );
  if (identity.favicon) {
    const icon = `<link rel="icon" type="image/webp" href="${escapeHtml(identity.favicon)}">`;
    page = page.replace(/<link rel="icon"[^>]*>/, () => icon);
  }
  // A shop in the theme's own colours asks for no stylesheet more.
  if (!hasOwnColors(identity)) return page;
  const sheet = `<link rel="stylesheet" href="${THEME_CSS_PATH}?v=${themeVersion(identity)}">`;
  return page.replace('</head>', () => `${sheet}\n  </head>`);
}
