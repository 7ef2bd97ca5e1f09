import { cleanup, render } from '@testing-library/react';
import {
  type Location,
  MemoryRouter,
  parsePath,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { Toaster } from '../components/toaster';
import { dismiss, getNotificationState } from '../lib/notifications';
import { queryClient } from '../lib/query-client';
import type { FetchStub } from './fetch-stub';

/**
 * Renders `routes` in a memory router at `path` (with the history entry's `state`), inside the app's
 * providers and, unless the routes bring their own (the root layout does), with the toaster. Returns where
 * the router is now, to check where the page sent the shopper.
 */
export function renderApp(
  routes: RouteObject[],
  { path = '/', state, toaster = true }: { path?: string; state?: unknown; toaster?: boolean } = {},
) {
  const shown: { location?: Location } = {};
  function Routes() {
    shown.location = useLocation();
    return useRoutes(routes);
  }
  render(
    <AppProvider>
      <MemoryRouter initialEntries={[{ ...parsePath(path), state }]}>
        <Routes />
      </MemoryRouter>
      {toaster && <Toaster />}
    </AppProvider>,
  );
  return {
    get location(): Location {
      if (!shown.location) throw new Error('the routes have not rendered');
      return shown.location;
    },
  };
}

/**
 * The hooks of a test file that renders the app: during each test `fetch` is `api`; after it the DOM, the
 * query cache, toasts and dialogs, local storage, stubbed globals and `api` are put back.
 */
export function setUpAppTests(api: FetchStub): void {
  beforeEach(() => vi.stubGlobal('fetch', api.fetchMock));
  afterEach(() => {
    cleanup();
    for (const toast of getNotificationState().toasts) dismiss(toast.id);
    for (const dialog of getNotificationState().dialogs) dialog.close(false);
    queryClient.clear();
    api.reset();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}
