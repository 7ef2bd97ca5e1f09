/*
 * A product's photos (issue 36): up to PRODUCT_PHOTOS_MAX, in order, each with its alternative text. Every
 * product photo is stored as WebP at PHOTO_FULL_WIDTH and in the smaller PHOTO_WIDTHS beside it, named
 * after it ('/uploads/productos/ab12.webp' → '/uploads/productos/ab12-400w.webp'), so a page can offer
 * them all in `srcset` from the one URL the database keeps (docs/decisions/076). Without zod: every
 * storefront page's product cards import it.
 */

export const PRODUCT_PHOTOS_MAX = 10;
export const PHOTO_ALT_MAX = 200;
/** The smaller sizes stored beside each product photo, in pixels of width. */
export const PHOTO_WIDTHS = [400, 800, 1200] as const;
/** The widest side of a stored product photo: what the enlarged view shows on a large screen. */
export const PHOTO_FULL_WIDTH = 1600;

/** A photo as a product's JSON carries it (catalog.ts checks it). */
export interface ProductPhoto {
  url: string;
  alt: string;
}

const PRODUCT_PHOTO = /^\/uploads\/productos\/[\w-]+\.webp$/;

/** The URL of a product photo's smaller size; undefined for an image that has no sizes (not a product photo). */
export function photoSizeUrl(url: string, width: number): string | undefined {
  return PRODUCT_PHOTO.test(url) ? url.replace(/\.webp$/, `-${width}w.webp`) : undefined;
}

/**
 * `srcset` for a product photo: its sizes and the full photo, so the browser downloads the smallest one that
 * fills the room `sizes` gives it. Undefined for any other image (it has one size).
 */
export function photoSrcSet(url: string): string | undefined {
  if (!PRODUCT_PHOTO.test(url)) return undefined;
  const sizes = PHOTO_WIDTHS.map((width) => `${photoSizeUrl(url, width)} ${width}w`);
  return [...sizes, `${url} ${PHOTO_FULL_WIDTH}w`].join(', ');
}

/**
 * The room a photo takes (the `sizes` of its <img>): a listing card is half a phone's screen (two columns)
 * or about 300 px; the product page's photo the whole width of a phone, at most 520 px beside the text.
 * Shared with the server, whose preload hints must name the same candidates as the page.
 */
export const PHOTO_SIZES = {
  card: '(max-width: 520px) 50vw, 300px',
  page: '(max-width: 760px) 100vw, 520px',
} as const;

/** The alternative text a page gives a photo: its own, else the product's name. */
export const photoAlt = (photo: ProductPhoto, productName: string) => photo.alt || productName;
