import type { ReactNode } from 'react';
import { createFetchStub } from '../../../testing/fetch-stub';
import { category, shopConfig } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

/*
 * What the admin component tests share on top of src/testing: the API double with the shop's config,
 * the categories, and the page under test with a stand-in for the admin home it goes back to.
 */

export const createApiDouble = () =>
  createFetchStub({ routes: { 'GET /api/config': () => Response.json(shopConfig()) } });

/** The categories the admin's product forms offer. */
export const categories = [category(1), category(9)];

/** Renders `element` at `path` (matching `pattern`), with a stand-in for the admin home. */
export function renderAdmin(
  element: ReactNode,
  { path, pattern = path.split('?')[0] as string }: { path: string; pattern?: string },
) {
  return renderApp(
    [
      { path: pattern, element },
      { path: '/adminHome', element: <h1>Panel</h1> },
    ],
    { path },
  );
}
