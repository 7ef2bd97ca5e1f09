import { PAGES, pagePath } from '@vitrina/shared';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every route that shows a page, with its path ('/' for the index route). */
function leafPaths(list: readonly RouteObject[]): string[] {
  return list.flatMap((route) =>
    route.children ? leafPaths(route.children) : [route.index ? '/' : (route.path as string)],
  );
}

describe('the router', () => {
  it('routes each page of the shared table to its own route', () => {
    for (const page of Object.values(PAGES)) {
      const path = pagePath(page, 7);
      const leaf = matchRoutes(routes, path)?.at(-1)?.route;
      expect(leaf?.index ? '/' : leaf?.path, path).toBe(page.path);
    }
  });

  it('has no page outside the table, only the 404 of every other path', () => {
    const tablePaths: string[] = Object.values(PAGES).map((page) => page.path);
    expect(leafPaths(routes).sort()).toEqual([...tablePaths, '*'].sort());
  });
});
