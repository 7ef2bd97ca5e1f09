import { parseListingSearch } from '@vitrina/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
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
            index: true,
            loader: prefetchHome,
            ...page(() => import('../features/home/pages/home-page').then((m) => m.HomePage)),
          },
          {
            path: 'products/todos',
            loader: prefetchListing,
            ...page(() => import('../features/catalog/pages/listing-page').then((m) => m.ListingPage)),
          },
          {
            path: 'products/categoria/:id',
            loader: prefetchListing,
            ...page(() => import('../features/catalog/pages/listing-page').then((m) => m.ListingPage)),
          },
          {
            path: 'products/:id',
            loader: prefetchProduct,
            ...page(() => import('../features/catalog/pages/product-page').then((m) => m.ProductPage)),
          },
          {
            path: 'about',
            ...page(() => import('../features/about/pages/about-page').then((m) => m.AboutPage)),
          },
          {
            path: 'login',
            ...page(() => import('../features/auth/pages/login-page').then((m) => m.LoginPage)),
          },
          {
            path: 'register',
            ...page(() => import('../features/auth/pages/register-page').then((m) => m.RegisterPage)),
          },
          {
            path: 'account',
            ...page(() => import('../features/account/pages/account-page').then((m) => m.AccountPage)),
          },
          {
            path: 'carrito',
            ...page(() => import('../features/cart/pages/cart-page').then((m) => m.CartPage)),
          },
          {
            path: 'pay',
            ...page(() => import('../features/cart/pages/pay-page').then((m) => m.PayPage)),
          },
          {
            path: 'historial-de-compra',
            ...page(() =>
              import('../features/orders/pages/purchase-history-page').then((m) => m.PurchaseHistoryPage),
            ),
          },
          { path: 'adminHome', ...adminPage(() => adminScreens().then((m) => m.adminHomeScreen())) },
          { path: 'products/admin', ...adminPage(() => adminScreens().then((m) => m.productsScreen())) },
          { path: 'producto', ...adminPage(() => adminScreens().then((m) => m.createProductScreen())) },
          { path: 'product/:id', ...adminPage(() => adminScreens().then((m) => m.editProductScreen())) },
          { path: 'admin/usuarios', ...adminPage(() => adminScreens().then((m) => m.usersScreen())) },
          { path: 'historialVentas', ...adminPage(() => adminScreens().then((m) => m.salesHistoryScreen())) },
          { path: 'calificaciones', ...adminPage(() => adminScreens().then((m) => m.ratingsScreen())) },
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
