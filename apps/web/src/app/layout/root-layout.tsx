import { createContext, Suspense, useContext } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loader } from '../../components/loader';
import { Toaster } from '../../components/toaster';
import { GoogleLoginWelcome } from '../../features/auth';
import { CartSync } from '../../features/cart';
import { ErrorBoundary } from '../routes/error-boundary';
import { ScrollRestoration } from '../routes/scroll-restoration';
import { Footer } from './footer';
import styles from './layout.module.css';
import { Navbar } from './navbar';

/** What shows while a page's code downloads: the bar at the top and the loader where the page goes. */
function PageLoader() {
  return (
    <>
      <div className={styles.progress} aria-hidden="true" />
      <Loader label="Cargando página…" />
    </>
  );
}

/**
 * Whether the app took over a page the server rendered. Then the pages have no Suspense boundary of their
 * own: React hydrates a boundary after the rest, in a pass of its own, and a link followed in between
 * (the pager, a card) made it throw the server's markup away and mount the page again, empty. A page not
 * loaded yet then keeps the previous one on screen until it is, as every later navigation does.
 */
export const TakenOverFromServer = createContext(false);

/**
 * Skip link, header, main, footer and the notifications region around every page. A page that fails
 * (its code did not download, or it threw) shows the error page inside the layout, until the shopper
 * goes to another address.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const pages = <Outlet />;
  return (
    <div className={styles.shell}>
      <a href="#contenido" className={styles.skip}>
        Saltar al contenido
      </a>
      <Navbar />
      <main id="contenido" tabIndex={-1} className={styles.main}>
        <ErrorBoundary resetKey={pathname}>
          {useContext(TakenOverFromServer) ? pages : <Suspense fallback={<PageLoader />}>{pages}</Suspense>}
        </ErrorBoundary>
      </main>
      <Footer />
      <Toaster />
      <GoogleLoginWelcome />
      <CartSync />
      <ScrollRestoration />
    </div>
  );
}
