import {
  type Category,
  type CurrencyCode,
  discountPercent,
  type Product,
  plainAmount,
  type Sellable,
  sellableOf,
  toCents,
  VARIANT_PARAM,
  variantLabel,
} from '@vitrina/shared';

/** What the server writes into the HTML head of a page so search engines and link previews see it. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  image?: string;
  type?: 'website' | 'product';
  jsonLd?: object;
  /** A product's price for link previews (Open Graph's product tags). */
  price?: { amount: string; currency: CurrencyCode };
}

const DESCRIPTION_MAX = 160;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside <script> must not be able to close the tag. */
export const safeJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Cut by characters, not UTF-16 units: half an emoji would reach link previews as "�". */
function clip(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(clean);
  if (characters.length <= DESCRIPTION_MAX) return clean;
  return `${characters
    .slice(0, DESCRIPTION_MAX - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * The first match of `pattern` replaced by `text` exactly as given. A replacement string would read
 * `$&`, `$'` and `` $` `` in shop data (a product named "Oferta $' y $&") as "the match" or "the rest of
 * the page" and copy whole parts of the template into it; a function's result is taken literally.
 */
function replaceLiterally(html: string, pattern: string | RegExp, text: string): string {
  return html.replace(pattern, () => text);
}

/** The page's title and description in place, its SEO tags and any `extra` tags (preloads) before </head>. */
export function renderHead(template: string, meta: PageMeta, extra: readonly string[] = []): string {
  const description = clip(meta.description);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}">`,
    `<meta property="og:locale" content="es_MX">`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : '',
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    meta.price ? `<meta property="product:price:amount" content="${meta.price.amount}">` : '',
    meta.price ? `<meta property="product:price:currency" content="${meta.price.currency}">` : '',
    meta.jsonLd ? `<script type="application/ld+json">${safeJson(meta.jsonLd)}</script>` : '',
    ...extra,
  ].filter(Boolean);
  const titled = replaceLiterally(
    template,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(meta.title)}</title>`,
  );
  const described = replaceLiterally(
    titled,
    /<meta name="description" content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(description)}">`,
  );
  return replaceLiterally(described, '</head>', `${tags.join('\n    ')}\n  </head>`);
}

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/** What a product page shows first: the variant the address names (?variante=), else the product. */
export const shownOf = (
  product: Product,
  idVariante: number | undefined,
): Pick<Sellable, 'valor' | 'valor_descuento' | 'imagen'> =>
  (product.opciones.length > 0 && idVariante !== undefined && sellableOf(product, idVariante)) || product;

/**
 * A product page's head. `idVariante` (the address's ?variante=) is the variant the page shows: its
 * price and picture go in the link previews. A product with options has one Offer per active variant in
 * its JSON-LD, each with its SKU, price, availability and address.
 */
export function productMeta(
  product: Product,
  { shopName, publicUrl, currency }: { shopName: string; publicUrl: string; currency: CurrencyCode },
  idVariante?: number,
): PageMeta {
  const url = `${publicUrl}/products/${product.id_producto}`;
  const hasOptions = product.opciones.length > 0;
  const shown = shownOf(product, idVariante);
  const image = `${publicUrl}${shown.imagen}`;
  // In the currency's decimals, as schema.org and Open Graph read a price: '129.90', or '12990' in CLP.
  const amount = (sold: Pick<Sellable, 'valor' | 'valor_descuento'>) =>
    plainAmount(toCents(sold.valor_descuento ?? sold.valor), currency);
  const price = amount(shown);
  const percent = discountPercent(
    toCents(shown.valor),
    shown.valor_descuento === null ? null : toCents(shown.valor_descuento),
  );
  const offers = hasOptions
    ? product.variantes
        .filter((variant) => variant.estado)
        .map((variant) => ({
          '@type': 'Offer',
          url: `${url}?${VARIANT_PARAM}=${variant.id_variante}`,
          sku: variant.sku,
          name: variantLabel(product.opciones, variant.valores),
          price: amount(variant),
          priceCurrency: currency,
          availability: variant.stock > 0 ? IN_STOCK : OUT_OF_STOCK,
        }))
    : {
        '@type': 'Offer',
        url,
        price,
        priceCurrency: currency,
        availability: product.stock > 0 ? IN_STOCK : OUT_OF_STOCK,
      };
  return {
    title: `${product.nombre} | ${shopName}`,
    description: `${percent ? `-${percent}%: ` : ''}${product.descripcion_producto}`,
    url,
    image,
    type: 'product',
    price: { amount: price, currency },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.nombre,
      description: product.descripcion_producto,
      image,
      sku: String(product.id_producto),
      category: product.Categoria_producto.nombre_categoria_producto,
      offers,
      ...(product.calificacion_promedio !== null && {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: product.calificacion_promedio,
          reviewCount: product.calificaciones_total,
          bestRating: 5,
          worstRating: 1,
        },
      }),
    },
  };
}

export function categoryMeta(category: Category, shopName: string, publicUrl: string): PageMeta {
  return {
    title: `${category.nombre_categoria_producto} | ${shopName}`,
    description: `Compra ${category.nombre_categoria_producto.toLowerCase()} en ${shopName}: ofertas, precios claros y opiniones de otros compradores.`,
    url: `${publicUrl}/products/categoria/${category.id_categoria_producto}`,
    image: `${publicUrl}${category.imagen_categoria_producto}`,
  };
}

export function shopMeta(shopName: string, publicUrl: string, path: string, title?: string): PageMeta {
  return {
    title: title ? `${title} | ${shopName}` : `${shopName} | Tienda en línea`,
    description: `${shopName}: moda, hogar, tecnología, belleza y más, con ofertas todos los días y pago seguro con tarjeta.`,
    url: `${publicUrl}${path}`,
  };
}
