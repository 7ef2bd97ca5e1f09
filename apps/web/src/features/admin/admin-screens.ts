import type { ComponentType } from 'react';

/*
 * The admin screens, each in its own chunk. The router reaches them through this module, itself loaded
 * lazily, so the storefront's entry holds one import() for all eight instead of eight (with their
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
export const salesHistoryScreen: Screen = () =>
  import('./pages/sales-history-page').then((m) => m.SalesHistoryPage);
export const ratingsScreen: Screen = () => import('./pages/ratings-page').then((m) => m.RatingsPage);
export const auditScreen: Screen = () => import('./pages/audit-page').then((m) => m.AuditPage);
