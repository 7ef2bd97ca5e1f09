import type { ReactNode } from 'react';
import { queryClient } from '../../../lib/query-client';
import { sessionQueryKey } from '../../../lib/session';
import { answerSession, createFetchStub } from '../../../testing/fetch-stub';
import { category, sessionUser, shopConfig } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

/*
 * What the admin component tests share on top of src/testing: the API double with the shop's config and
 * the owner's session, the categories, and the page under test with a stand-in for the admin home it goes back to.
 */

/** The admin screens are the owner's: the router renders them only once the session says who may use them. */
const OWNER = sessionUser({ admin: true, primer_nombre: 'Admin' });

export const createApiDouble = () =>
  createFetchStub({
    routes: {
      'GET /api/config': () => Response.json(shopConfig()),
      'GET /api/usuario/me': answerSession(OWNER),
    },
  });

/** The categories the admin's product forms offer. */
export const categories = [category(1), category(9)];

/** Renders `element` at `path` (matching `pattern`), with a stand-in for the admin home. */
export function renderAdmin(
  element: ReactNode,
  { path, pattern = path.split('?')[0] as string }: { path: string; pattern?: string },
) {
  // As under the router's guard (AdminOnly), the session is known before the screen renders.
  queryClient.setQueryData(sessionQueryKey, OWNER);
  return renderApp(
    [
      { path: pattern, element },
      { path: '/adminHome', element: <h1>Panel</h1> },
    ],
    { path },
  );
}
