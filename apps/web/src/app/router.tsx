import { PAGES, parseListingSearch } from '@vitrina/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { Loader } from '../components/loader';
import {
  categoriesQueryOptions,
  discountedProductsQueryOptions,
  parseId,
  productQueryOptions,
  productsQueryOptions,
} from '../features/catalog';
import { loadChunk } from '../lib/load-chunk';
import { queryClient } from '../lib/query-client';
import { RootLayout } from './layout/root-layout';
import { ErrorPage, RootErrorPage } from './routes/error-page';

/** A lazily loaded page: its chunk downloads on first visit; a failed download lands on the error page. */
function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return {
    lazy: async () => ({ Component: await loadChunk(load) }),
    HydrateFallback: PageLoader,
  };
}

/** An admin page (SPEC §2): see routes/admin-route.tsx for who gets its chunk. */
function adminPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> {
  return page(() => import('./routes/admin-route').then((m) => m.adminRoute(load)));
}

/** The map of the admin screens' chunks (see features/admin/admin-screens.ts). */
const adminScreens = () => import('../features/admin/admin-screens');

function PageLoader() {
  return <Loader label="Cargando página…" />;
}

/*
 * Loaders only start the data requests (in parallel with the page's chunk) and never block navigation:
 * the pages read the same queries and show their own loaders.
 */
function prefetchHome() {
  void queryClient.prefetchQuery(discountedProductsQueryOptions());
  void queryClient.prefetchQuery(categoriesQueryOptions());
  return null;
}

function prefetchListing({ request, params }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  void queryClient.prefetchQuery(productsQueryOptions(parseListingSearch(search, parseId(params.id))));
  void queryClient.prefetchQuery(categoriesQueryOptions());
  return null;
}

function prefetchProduct({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (id !== undefined) void queryClient.prefetchQuery(productQueryOptions(id));
  return null;
}

function Empty() {
  return null;
}

function notFound(): never {
  throw data('Not Found', { status: 404, statusText: 'Not Found' });
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RootErrorPage />,
    children: [
      {
        // Errors below the layout render inside it, so the header and footer stay usable.
        errorElement: <ErrorPage />,
        children: [
          {
            // PAGES.home: the layout's own path.
            index: true,
            loader: prefetchHome,
            ...page(() => import('../features/home/pages/home-page').then((m) => m.HomePage)),
          },
          {
            path: PAGES.allProducts.path,
            loader: prefetchListing,
            ...page(() => import('../features/catalog/pages/listing-page').then((m) => m.ListingPage)),
          },
          {
            path: PAGES.category.path,
            loader: prefetchListing,
            ...page(() => import('../features/catalog/pages/listing-page').then((m) => m.ListingPage)),
          },
          {
            path: PAGES.product.path,
            loader: prefetchProduct,
            ...page(() => import('../features/catalog/pages/product-page').then((m) => m.ProductPage)),
          },
          {
            path: PAGES.about.path,
            ...page(() => import('../features/about/pages/about-page').then((m) => m.AboutPage)),
          },
          {
            path: PAGES.terms.path,
            ...page(() => import('../features/legal/pages/terms-page').then((m) => m.TermsPage)),
          },
          {
            path: PAGES.privacy.path,
            ...page(() => import('../features/legal/pages/privacy-page').then((m) => m.PrivacyPage)),
          },
          {
            path: PAGES.login.path,
            ...page(() => import('../features/auth/pages/login-page').then((m) => m.LoginPage)),
          },
          {
            path: PAGES.register.path,
            ...page(() => import('../features/auth/pages/register-page').then((m) => m.RegisterPage)),
          },
          {
            path: PAGES.account.path,
            ...page(() => import('../features/account/pages/account-page').then((m) => m.AccountPage)),
          },
          {
            path: PAGES.cart.path,
            ...page(() => import('../features/cart/pages/cart-page').then((m) => m.CartPage)),
          },
          {
            path: PAGES.pay.path,
            ...page(() => import('../features/cart/pages/pay-page').then((m) => m.PayPage)),
          },
          {
            path: PAGES.purchaseHistory.path,
            ...page(() =>
              import('../features/orders/pages/purchase-history-page').then((m) => m.PurchaseHistoryPage),
            ),
          },
          {
            path: PAGES.order.path,
            ...page(() => import('../features/orders/pages/order-page').then((m) => m.OrderPage)),
          },
          { path: PAGES.adminHome.path, ...adminPage(() => adminScreens().then((m) => m.adminHomeScreen())) },
          {
            path: PAGES.adminProducts.path,
            ...adminPage(() => adminScreens().then((m) => m.productsScreen())),
          },
          {
            path: PAGES.createProduct.path,
            ...adminPage(() => adminScreens().then((m) => m.createProductScreen())),
          },
          {
            path: PAGES.editProduct.path,
            ...adminPage(() => adminScreens().then((m) => m.editProductScreen())),
          },
          { path: PAGES.adminUsers.path, ...adminPage(() => adminScreens().then((m) => m.usersScreen())) },
          {
            // The sales history became the orders screen; old links and bookmarks land there.
            path: PAGES.salesHistory.path,
            loader: ({ request }) => redirect(`${PAGES.adminOrders.path}${new URL(request.url).search}`),
            Component: Empty,
            HydrateFallback: PageLoader,
          },
          {
            path: PAGES.adminOrders.path,
            ...adminPage(() => adminScreens().then((m) => m.ordersScreen())),
          },
          {
            path: PAGES.adminOrder.path,
            ...adminPage(() => adminScreens().then((m) => m.orderScreen())),
          },
          {
            path: PAGES.adminSettings.path,
            ...adminPage(() => adminScreens().then((m) => m.settingsScreen())),
          },
          {
            path: PAGES.adminMail.path,
            ...adminPage(() => adminScreens().then((m) => m.mailboxScreen())),
          },
          {
            path: PAGES.adminRatings.path,
            ...adminPage(() => adminScreens().then((m) => m.ratingsScreen())),
          },
          { path: PAGES.adminAudit.path, ...adminPage(() => adminScreens().then((m) => m.auditScreen())) },
          {
            path: PAGES.adminSynonyms.path,
            ...adminPage(() => adminScreens().then((m) => m.synonymsScreen())),
          },
          // Unknown paths: the loader answers 404, so the error page shows inside the layout.
          { path: '*', loader: notFound, Component: Empty, HydrateFallback: PageLoader },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
