import type { Config } from '../../config';

/**
 * The shop as its messages name it and link to it: SHOP_NAME, and PUBLIC_URL (http://localhost:PORT when
 * it is not set, as for the sitemap's links). Mail is read outside the browser, so every link is absolute.
 */
export const mailShop = (config: Pick<Config, 'shopName' | 'publicUrl'>) => ({
  shopName: config.shopName,
  shopUrl: `${config.publicUrl}/`,
});
export type MailShop = ReturnType<typeof mailShop>;
