import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { Toaster } from '../components/toaster';
import { dismiss, getNotificationState } from '../lib/notifications';
import { queryClient } from '../lib/query-client';
import type { FetchStub } from './fetch-stub';

/**
 * Renders `routes` in a memory router at `path`, inside the app's providers and, unless the routes bring
 * their own (the root layout does), with the toaster. Returns the router, to read or drive the location.
 */
export function renderApp(routes: RouteObject[], { path = '/', toaster = true } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
      {toaster && <Toaster />}
    </AppProvider>,
  );
  return router;
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
