import { useLocation, useRoutes } from 'react-router';
import { BrowserRouter } from './browser-router';
import { TakenOverFromServer } from './layout/root-layout';
import { AppProvider } from './provider';
import { routes } from './router';
import { ErrorBoundary } from './routes/error-boundary';

/**
 * The whole app in the browser: the page the address bar names. `renderedOnServer`: it takes over a page
 * the server rendered (start.tsx).
 */
export function App({ renderedOnServer = false }: { renderedOnServer?: boolean }) {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes renderedOnServer={renderedOnServer} />
      </BrowserRouter>
    </AppProvider>
  );
}

/**
 * The page of the current address, whichever router supplies it: the browser's, the server's render
 * (entry-server.tsx) or a test's. If the layout itself fails, the error page stands alone. The server's
 * render and the browser's take-over of it are the same tree (`renderedOnServer`).
 */
export function AppRoutes({ renderedOnServer = false }: { renderedOnServer?: boolean }) {
  const { pathname } = useLocation();
  return (
    <TakenOverFromServer value={renderedOnServer}>
      <ErrorBoundary resetKey={pathname} standalone>
        {useRoutes(routes)}
      </ErrorBoundary>
    </TakenOverFromServer>
  );
}
