import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Loader } from '../../components/loader';
import { Toaster } from '../../components/toaster';
import { GoogleLoginWelcome } from '../../features/auth';
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
 * Skip link, header, main, footer and the notifications region around every page. A page that fails
 * (its code did not download, or it threw) shows the error page inside the layout, until the shopper
 * goes to another address.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className={styles.shell}>
      <a href="#contenido" className={styles.skip}>
        Saltar al contenido
      </a>
      <Navbar />
      <main id="contenido" tabIndex={-1} className={styles.main}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <Toaster />
      <GoogleLoginWelcome />
      <ScrollRestoration />
    </div>
  );
}
