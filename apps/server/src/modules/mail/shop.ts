import type { CurrencyCode } from '@vitrina/shared';
import type { Config } from '../../config';

/**
 * The shop as its messages name it, link to it and charge in, in one shape for every message (orders,
 * accounts): its name and logo (the owner's saved identity, settings module; SHOP_NAME and no logo until
 * then), PUBLIC_URL (http://localhost:PORT when it is not set), SHOP_CURRENCY, and the address that is
 * told of new orders (the contact e-mail the owner saved, else SUPPORT_EMAIL). Mail is read outside the
 * browser, so every link is absolute.
 */
export interface ShopIdentity {
  shopName: string;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  currency: CurrencyCode;
  contactEmail: string;
  /** The logo's absolute URL, or null: the messages then show the name alone. */
  logoUrl: string | null;
  /** SHOP_TIMEZONE: the days and deadlines the messages write, and the promotions' calendar. */
  timeZone: string;
  /** COOKIE_SECRET: signs the links the order messages carry (decision 086). Never written anywhere. */
  linkSecret: string;
}

/** What the configuration says of the shop: its identity until the owner saves one. */
export const shopIdentity = (
  config: Pick<
    Config,
    'shopName' | 'publicUrl' | 'currency' | 'supportEmail' | 'shopTimeZone' | 'cookieSecret'
  >,
): ShopIdentity => ({
  shopName: config.shopName,
  publicUrl: config.publicUrl,
  currency: config.currency,
  contactEmail: config.supportEmail,
  logoUrl: null,
  timeZone: config.shopTimeZone,
  linkSecret: config.cookieSecret,
});
