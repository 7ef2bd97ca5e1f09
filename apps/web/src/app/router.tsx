import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { PAGES, type PageName, parseListingSearch } from '@vitrina/shared';
import { type ComponentType, lazy } from 'react';
import { matchRoutes, Navigate, type Params, type RouteObject, useLocation, useParams } from 'react-router';
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
import { configQueryOptions } from '../lib/shop-config';
import { shopIdentityQueryOptions, shopPageQueryOptions, shopPagesQueryOptions } from '../lib/shop-identity';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './routes/error-page';

/** Where a page is: its path's params and its query string. */
export interface PageAddress {
  params: Params;
  search: URLSearchParams;
}

/** The queries a page shows, started together: in the browser, beside the page's chunk. */
type PageData = (client: QueryClient, address: PageAddress) => Promise<unknown>[];

/**
 * A page of the table: its component, whose chunk downloads on first visit, and the data it shows. The
 * route's `handle` holds it, so the server's render and the hydration find both from a URL.
 */
export interface LazyPage {
  /** Loads the page's chunk; once it has, the page renders at once, without suspending. */
  preload(): Promise<unknown>;
  data?: PageData;
  Component: ComponentType;
}

/**
 * A lazily loaded page. Its data starts loading with its chunk (`data` is asked while the chunk is still
 * on its way); a failed download lands on the error page. Once loaded, it renders synchronously: the
 * hydration of a page the server rendered must not suspend.
 */
export function page(load: () => Promise<ComponentType>, data?: PageData): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  /** The visit (history entry) rendering the page while its code downloads, and the one that failed. */
  let visit: string | undefined;
  let failedVisit: string | undefined;
  const preload = () => {
    loading ??= loadChunk(load).then(
      (Component) => {
        Loaded = Component;
        return Component;
      },
      (error: unknown) => {
        loading = undefined;
        failedVisit = visit;
        throw error;
      },
    );
    return loading;
  };
  const newLazy = () => lazy(() => preload().then((Component) => ({ default: Component })));
  let Lazy = newLazy();
  function Page() {
    const client = useQueryClient();
    const params = useParams();
    const { search, key } = useLocation();
    if (Loaded) return <Loaded />;
    // React keeps a lazy component's failure, and retries it while it renders the error page: only a
    // later visit gets a new one, which downloads again.
    if (failedVisit !== undefined && failedVisit !== key) {
      failedVisit = undefined;
      Lazy = newLazy();
    }
    visit = key;
    if (data) data(client, { params, search: new URLSearchParams(search) });
    return <Lazy />;
  }
  return { preload, data, Component: Page };
}

/** An admin page (SPEC §2): see routes/admin-route.tsx for who gets its chunk. */
function adminPage(name: PageName, load: () => Promise<ComponentType>): LazyPage {
  return page(() => import('./routes/admin-route').then((m) => m.adminRoute(name, load)));
}

/** The map of the admin screens' chunks (see features/admin/admin-screens.ts). */
const adminScreens = () => import('../features/admin/admin-screens');

/** Each admin page and the screen of that map it shows. */
const ADMIN_PAGES: [page: PageName, screen: keyof Awaited<ReturnType<typeof adminScreens>>][] = [
  ['adminHome', 'adminHomeScreen'],
  ['adminProducts', 'productsScreen'],
  ['createProduct', 'createProductScreen'],
  ['editProduct', 'editProductScreen'],
  ['adminUsers', 'usersScreen'],
  ['adminCustomer', 'customerScreen'],
  ['adminOrders', 'ordersScreen'],
  ['adminOrder', 'orderScreen'],
  ['adminCarts', 'abandonedCartsScreen'],
  ['adminSettings', 'settingsScreen'],
  ['adminMail', 'mailboxScreen'],
  ['adminPayments', 'paymentSettingsScreen'],
  ['adminPromotions', 'promotionsScreen'],
  ['adminShipping', 'shippingSettingsScreen'],
  ['adminImport', 'importExportScreen'],
  ['adminShop', 'shopIdentityScreen'],
  ['adminPages', 'shopPagesScreen'],
  ['adminRatings', 'ratingsScreen'],
  ['adminAudit', 'auditScreen'],
  ['adminSynonyms', 'synonymsScreen'],
  ['adminStaff', 'staffScreen'],
];

/*
 * The pages that show prices carry the shop's config (its currency, SHOP_CURRENCY): the server renders
 * them in it, and the browser hydrates them from the same answer.
 */

const homeData: PageData = (client) => [
  client.prefetchQuery(configQueryOptions()),
  client.prefetchQuery(discountedProductsQueryOptions()),
  client.prefetchQuery(categoriesQueryOptions()),
];

const listingData: PageData = (client, { params, search }) => {
  const listing = parseListingSearch(search, parseId(params.id));
  return [
    client.prefetchQuery(configQueryOptions()),
    client.prefetchQuery(productsQueryOptions(listing)),
    client.prefetchQuery(facetsQueryOptions(listing)),
    client.prefetchQuery(categoriesQueryOptions()),
  ];
};

const productData: PageData = (client, { params }) => {
  const id = parseId(params.id);
  if (id === undefined) return [];
  return [
    client.prefetchQuery(configQueryOptions()),
    client.prefetchQuery(productQueryOptions(id)),
    client.prefetchQuery(productRatingsQueryOptions(id)),
  ];
};

/** The pages the owner writes (about, terms, privacy and their own): one chunk. */
const shopPages = () => import('../features/shop-pages/pages/shop-page');

/** A shop page's text: the one at `slug`, or at the route's `:slug`. */
const shopPageData =
  (slug?: string): PageData =>
  (client, { params }) => [client.prefetchQuery(shopPageQueryOptions(slug ?? params.slug ?? ''))];

/**
 * What the layout shows on every page (the shop's name, logo, contact and its pages' links): the
 * server's render loads it with the page's own data.
 */
export const layoutData = (client: QueryClient): Promise<unknown>[] => [
  client.prefetchQuery(shopIdentityQueryOptions()),
  client.prefetchQuery(shopPagesQueryOptions()),
];

/** All products and a category: one page, so moving between them keeps it (and its shown results). */
const listingPage = page(
  () => import('../features/catalog/pages/listing-page').then((m) => m.ListingPage),
  listingData,
);

/** The sales history became the orders screen; old links and bookmarks land there. */
function SalesHistoryRedirect() {
  const { search } = useLocation();
  return <Navigate to={`${PAGES.adminOrders.path}${search}`} replace />;
}

/** A route of the table: the page at `path` (the layout's index route when `path` is the home's). */
function route(path: string | undefined, lazyPage: LazyPage): RouteObject {
  const Page = lazyPage.Component;
  return { ...(path === undefined ? { index: true } : { path }), element: <Page />, handle: lazyPage };
}

/**
 * The app's routes. The layout holds the pages; `handle` is each page's LazyPage. Errors inside a page
 * render inside the layout (layout/root-layout.tsx), so the header and footer stay usable.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      // PAGES.home: the layout's own path.
      route(
        undefined,
        page(() => import('../features/home/pages/home-page').then((m) => m.HomePage), homeData),
      ),
      ...[PAGES.allProducts.path, PAGES.category.path].map((path) => route(path, listingPage)),
      route(
        PAGES.product.path,
        page(() => import('../features/catalog/pages/product-page').then((m) => m.ProductPage), productData),
      ),
      route(
        PAGES.about.path,
        page(() => shopPages().then((m) => m.AboutPage), shopPageData('acerca')),
      ),
      route(
        PAGES.terms.path,
        page(() => shopPages().then((m) => m.TermsPage), shopPageData('terminos')),
      ),
      route(
        PAGES.privacy.path,
        page(() => shopPages().then((m) => m.PrivacyPage), shopPageData('privacidad')),
      ),
      route(
        PAGES.ownPage.path,
        page(() => shopPages().then((m) => m.OwnPage), shopPageData()),
      ),
      route(
        PAGES.login.path,
        page(() => import('../features/auth/pages/login-page').then((m) => m.LoginPage)),
      ),
      route(
        PAGES.register.path,
        page(() => import('../features/auth/pages/register-page').then((m) => m.RegisterPage)),
      ),
      route(
        PAGES.recoverPassword.path,
        page(() => import('../features/auth/pages/recover-password-page').then((m) => m.RecoverPasswordPage)),
      ),
      route(
        PAGES.resetPassword.path,
        page(() => import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage)),
      ),
      route(
        PAGES.acceptStaff.path,
        page(() => import('../features/auth/pages/accept-staff-page').then((m) => m.AcceptStaffPage)),
      ),
      route(
        PAGES.account.path,
        page(() => import('../features/account/pages/account-page').then((m) => m.AccountPage)),
      ),
      route(
        PAGES.cart.path,
        page(() => import('../features/cart/pages/cart-page').then((m) => m.CartPage)),
      ),
      route(
        PAGES.pay.path,
        page(() => import('../features/cart/pages/pay-page').then((m) => m.PayPage)),
      ),
      route(
        PAGES.purchaseHistory.path,
        page(() =>
          import('../features/orders/pages/purchase-history-page').then((m) => m.PurchaseHistoryPage),
        ),
      ),
      route(
        PAGES.orderLookup.path,
        page(() => import('../features/orders/pages/order-lookup-page').then((m) => m.OrderLookupPage)),
      ),
      route(
        PAGES.order.path,
        page(() => import('../features/orders/pages/order-page').then((m) => m.OrderPage)),
      ),
      ...ADMIN_PAGES.map(([name, screen]) =>
        route(
          PAGES[name].path,
          adminPage(name, () => adminScreens().then((m) => m[screen]())),
        ),
      ),
      { path: PAGES.salesHistory.path, element: <SalesHistoryRedirect /> },
      // Every other path: the 404 page, inside the layout.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The page a URL shows and where it is, or undefined for the 404 page and redirects. */
export function pageAt(url: URL): { page: LazyPage; address: PageAddress } | undefined {
  const leaf = matchRoutes(routes, url.pathname)?.at(-1);
  const page = leaf?.route.handle as LazyPage | undefined;
  return leaf && page ? { page, address: { params: leaf.params, search: url.searchParams } } : undefined;
}
