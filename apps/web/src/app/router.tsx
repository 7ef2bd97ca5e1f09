import type { QueryClient } from '@tanstack/react-query';
import { PAGES, parseListingSearch } from '@vitrina/shared';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  data,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { Loader } from '../components/loader';
import {
  categoriesQueryOptions,
  discountedProductsQueryOptions,
  facetsQueryOptions,
  parseId,
  productQueryOptions,
  productRatingsQueryOptions,
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

/** The queries a page shows, started together: on the client, in parallel with the page's chunk. */
type PageData = (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>[];

const homeData: PageData = (client) => [
  client.prefetchQuery(discountedProductsQueryOptions()),
  client.prefetchQuery(categoriesQueryOptions()),
];

const listingData: PageData = (client, { request, params }) => {
  const listing = parseListingSearch(new URL(request.url).searchParams, parseId(params.id));
  return [
    client.prefetchQuery(productsQueryOptions(listing)),
    client.prefetchQuery(facetsQueryOptions(listing)),
    client.prefetchQuery(categoriesQueryOptions()),
  ];
};

const productData: PageData = (client, { params }) => {
  const id = parseId(params.id);
  if (id === undefined) return [];
  return [
    client.prefetchQuery(productQueryOptions(id)),
    client.prefetchQuery(productRatingsQueryOptions(id)),
  ];
};

/**
 * A page's loader. In the browser it only starts the requests and never blocks navigation: the page reads
 * the same queries and shows its own loaders. On the server (`waitForData`) it waits for them, so the
 * rendered HTML holds the data (entry-server.tsx).
 */
function loads(pageData: PageData, client: QueryClient, waitForData: boolean) {
  return (args: LoaderFunctionArgs) => {
    const pending = pageData(client, args);
    return waitForData ? Promise.all(pending).then(() => null) : null;
  };
}

function Empty() {
  return null;
}

function notFound(): never {
  throw data('Not Found', { status: 404, statusText: 'Not Found' });
}

/**
 * The app's routes, whose loaders fill `client`. `waitForData`: the server's render, where a loader waits
 * for its page's data.
 */
export function createRoutes(client: QueryClient, { waitForData = false } = {}): RouteObject[] {
  return [
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
              loader: loads(homeData, client, waitForData),
              ...page(() => import('../features/home/pages/home-page').then((m) => m.HomePage)),
            },
            {
              path: PAGES.allProducts.path,
              loader: loads(listingData, client, waitForData),
              ...page(() => import('../features/catalog/pages/listing-page').then((m) => m.ListingPage)),
            },
            {
              path: PAGES.category.path,
              loader: loads(listingData, client, waitForData),
              ...page(() => import('../features/catalog/pages/listing-page').then((m) => m.ListingPage)),
            },
            {
              path: PAGES.product.path,
              loader: loads(productData, client, waitForData),
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
            {
              path: PAGES.adminHome.path,
              ...adminPage(() => adminScreens().then((m) => m.adminHomeScreen())),
            },
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
}

/** The browser's routes, over the app's one query client. */
export const routes = createRoutes(queryClient);

/** `hydrationData`: the router state of a page the server rendered (main.tsx). */
export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData });
}
