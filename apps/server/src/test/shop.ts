import type { ShopIdentity } from '../modules/mail';

/** The shop as the tests' order e-mails name it. */
export const TEST_SHOP: ShopIdentity = {
  shopName: 'Vitrina',
  publicUrl: 'http://localhost:3000',
  currency: 'USD',
  contactEmail: 'soporte@vitrina.local',
  logoUrl: null,
  timeZone: 'America/Mexico_City',
  linkSecret: 'test-link-secret-of-at-least-32-chars',
};
