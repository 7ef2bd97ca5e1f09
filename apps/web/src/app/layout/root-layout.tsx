import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Toaster } from '../../components/toaster';
import { GoogleLoginWelcome } from '../../features/auth';
import { Footer } from './footer';
import styles from './layout.module.css';
import { Navbar } from './navbar';

/** Skip link, header, main, footer and the notifications region around every page. */
export function RootLayout() {
  const navigating = useNavigation().state === 'loading';
  return (
    <div className={styles.shell}>
      <a href="#contenido" className={styles.skip}>
        Saltar al contenido
      </a>
      {navigating && <div className={styles.progress} aria-hidden="true" />}
      <Navbar />
      <main id="contenido" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <Toaster />
      <GoogleLoginWelcome />
      <ScrollRestoration />
    </div>
  );
}
