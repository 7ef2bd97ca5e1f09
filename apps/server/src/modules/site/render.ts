import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { PAGE_STATE_ID, type RenderedPage } from '@vitrina/shared';
import type { FastifyInstance } from 'fastify';
import { safeJson } from './seo';

/*
 * Storefront pages rendered on the server (docs/decisions/020-server-rendering.md): the web build's
 * render (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr) runs in this process, and its API
 * calls are answered by this app's own routes through inject(), so a page holds what the API would
 * answer, from the same catalog cache, with no connection and no second server.
 */

/** The web build's render: the absolute URL of a page and the API it reads through. */
export type RenderPage = (url: string, api: typeof fetch) => Promise<RenderedPage<object> | undefined>;

/** The web build's render, or undefined when only the browser's app was built. */
export async function loadRenderer(entry: string): Promise<RenderPage | undefined> {
  if (!existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage };
  return module.renderPage;
}

/**
 * The API as the render sees it: GET requests into `app` as a visitor, with no cookie of the shopper's
 * (what the render shows must be the same for everyone who asks for the page), from the shopper's address
 * (a search is counted for its visitor, search/analytics.ts).
 */
export function apiThrough(app: FastifyInstance, remoteAddress: string): typeof fetch {
  return async (input) => {
    const answer = await app.inject({
      method: 'GET',
      url: String(input),
      headers: { accept: 'application/json' },
      remoteAddress,
    });
    return new Response(answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
    });
  };
}

/** The template with the rendered markup in `#root` and its state in a JSON data block after it. */
export function fillRoot(template: string, { html, state }: RenderedPage<object>): string {
  const data = `<script type="application/json" id="${PAGE_STATE_ID}">${safeJson(state)}</script>`;
  return template.replace('<div id="root"></div>', () => `<div id="root">${html}</div>${data}`);
}
