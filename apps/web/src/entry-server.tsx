import { PassThrough } from 'node:stream';
import { type DehydratedState, dehydrate, QueryClientProvider } from '@tanstack/react-query';
import type { RenderedPage } from '@vitrina/shared';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/app';
import { layoutData, pageAt } from './app/router';
import { setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';

/*
 * The server's render of a storefront page (apps/server/src/modules/site/render.ts loads the build of this
 * file). It loads the page's code and waits for its data, renders the page to HTML and hands back the
 * state the browser hydrates from (main.tsx), so the browser asks for none of that data again.
 *
 * The render is always a visitor's: nothing here sends the shopper's cookies, so the session query is not
 * asked, renders as unknown on both sides, and the browser asks for it after hydration. That is why the
 * server may keep a rendered page and give it to anyone.
 */

/** What the browser needs to take over a rendered page: the queries' data. */
export interface PageState {
  queries: DehydratedState;
}

/**
 * Renders `url` (absolute) with `api` answering the app's API calls, or answers undefined when the page
 * cannot be served whole from the server: no page (a redirect, the 404 page) or a failed request. The
 * browser then renders it, as it renders signed-in pages.
 */
export async function renderPage(
  url: string,
  api: typeof fetch,
): Promise<RenderedPage<PageState> | undefined> {
  setApiTransport(api);
  const address = new URL(url);
  const shown = pageAt(address);
  if (!shown) return undefined;
  const client = createQueryClient();
  await Promise.all([
    shown.page.preload(),
    ...layoutData(client),
    ...(shown.page.data?.(client, shown.address) ?? []),
  ]);
  if (
    client
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
  )
    return undefined;

  const html = await renderToHtml(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={address.pathname + address.search}>
          <AppRoutes renderedOnServer />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  const queries = dehydrate(client);
  client.clear();
  return { html, state: { queries } };
}
/** The whole markup once every lazy part has loaded (a page kept for others must not hold a fallback). */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(element, {
      // React moves a large Suspense boundary's markup after its fallback and swaps them with an inline
      // script, which the shop's CSP does not run: every boundary stays in place, whatever its size.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}
