import type { ComponentType } from 'react';

/*
 * The admin screens, each in its own chunk. The router reaches them through this module, itself loaded
 * lazily, so the storefront's entry holds one import() for all of them instead of one each (with their
 * preload lists): shoppers download nothing of the admin, and an admin pays one tiny extra request once.
 */
type Screen = () => Promise<ComponentType>;

export const adminHomeScreen: Screen = () => import('./pages/admin-home-page').then((m) => m.AdminHomePage);
export const productsScreen: Screen = () => import('./pages/products-page').then((m) => m.ProductsPage);
export const createProductScreen: Screen = () =>
  import('./pages/create-product-page').then((m) => m.CreateProductPage);
export const editProductScreen: Screen = () =>
  import('./pages/edit-product-page').then((m) => m.EditProductPage);
export const usersScreen: Screen = () => import('./pages/users-page').then((m) => m.UsersPage);
export const ordersScreen: Screen = () => import('./pages/orders-page').then((m) => m.OrdersPage);
export const customerScreen: Screen = () => import('./pages/customer-page').then((m) => m.CustomerPage);
export const abandonedCartsScreen: Screen = () =>
  import('./pages/abandoned-carts-page').then((m) => m.AbandonedCartsPage);
export const orderScreen: Screen = () => import('./pages/order-page').then((m) => m.AdminOrderPage);
export const settingsScreen: Screen = () => import('./pages/settings-page').then((m) => m.SettingsPage);
export const paymentSettingsScreen: Screen = () =>
  import('./pages/payment-settings-page').then((m) => m.PaymentSettingsPage);
export const shippingSettingsScreen: Screen = () =>
  import('./pages/shipping-settings-page').then((m) => m.ShippingSettingsPage);
export const mailboxScreen: Screen = () => import('./pages/mailbox-page').then((m) => m.MailboxPage);
export const ratingsScreen: Screen = () => import('./pages/ratings-page').then((m) => m.RatingsPage);
export const auditScreen: Screen = () => import('./pages/audit-page').then((m) => m.AuditPage);
export const shopIdentityScreen: Screen = () =>
  import('./pages/shop-identity-page').then((m) => m.ShopIdentityPage);
export const shopPagesScreen: Screen = () => import('./pages/shop-pages-page').then((m) => m.ShopPagesPage);
export const synonymsScreen: Screen = () => import('./pages/synonyms-page').then((m) => m.SynonymsPage);
export const promotionsScreen: Screen = () => import('./pages/promotions-page').then((m) => m.PromotionsPage);
export const staffScreen: Screen = () => import('./pages/staff-page').then((m) => m.StaffPage);
export const importExportScreen: Screen = () =>
  import('./pages/import-export-page').then((m) => m.ImportExportPage);
