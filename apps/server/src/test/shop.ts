import type { ShopIdentity } from '../modules/orders';

/** The shop as the tests' order e-mails name it. */
export const TEST_SHOP: ShopIdentity = {
  shopName: 'Vitrina',
  publicUrl: 'http://localhost:3000',
  currency: 'USD',
  contactEmail: 'soporte@vitrina.local',
  timeZone: 'America/Mexico_City',
};
