import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { AppProvider } from './provider';
import { routes } from './router';
import { ErrorBoundary } from './routes/error-boundary';

/** The whole app in the browser: the page the address bar names. */
export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}

/**
 * The page of the current address, whichever router supplies it: the browser's, the server's render
 * (entry-server.tsx) or a test's. If the layout itself fails, the error page stands alone.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} standalone>
      {useRoutes(routes)}
    </ErrorBoundary>
  );
}
