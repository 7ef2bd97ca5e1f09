/*
 * The shop's identity (Ajustes › Tienda): its name, logo, favicon, brand colours, contact, social links
 * and WhatsApp number. GET /api/ajustes/tienda answers it to anyone (it is all public: the storefront shows
 * it); PUT replaces it, checked on both sides by shop-identity-schemas.ts. Without zod: every storefront
 * page's footer imports it.
 */

export const SHOP_NAME_MAX = 60;
export const SHOP_ADDRESS_MAX = 200;
export const SOCIAL_URL_MAX = 300;
/** An international number without its '+' (E.164): 8 to 15 digits, country code first. */
export const WHATSAPP_MIN_DIGITS = 8;
export const WHATSAPP_MAX_DIGITS = 15;

/** The social networks the footer links to, in its order, with the names it shows. */
export const SOCIAL_NETWORKS = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  x: 'X',
  youtube: 'YouTube',
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

/** The '¿Dudas? Escríbenos' link of a product page: a chat with the shop, the product's name written in. */
export const whatsappLink = (number: string, productName: string) =>
  `https://wa.me/${number}?text=${encodeURIComponent(productName)}`;
