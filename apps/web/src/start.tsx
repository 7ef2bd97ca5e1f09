import { hydrate } from '@tanstack/react-query';
import { PAGE_STATE_ID } from '@vitrina/shared';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { pageAt } from './app/router';
import type { PageState } from './entry-server';
import { queryClient } from './lib/query-client';

/**
 * The app itself, started by main.tsx: it takes over the page the server rendered, or renders the page
 * when the server did not.
 */
export function startApp() {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element in index.html');
  const rendered = document.getElementById(PAGE_STATE_ID);
  if (rendered?.textContent) {
    void takeOver(container, JSON.parse(rendered.textContent) as PageState);
    return;
  }
  // A transition lets React yield to the browser while it renders the first page, instead of holding
  // the main thread in one long task (input and paint wait less; Lighthouse's total blocking time drops).
  const root = createRoot(container);
  startTransition(() => root.render(app(false)));
}

function app(renderedOnServer: boolean) {
  return (
    <StrictMode>
      <App renderedOnServer={renderedOnServer} />
    </StrictMode>
  );
}

/**
 * A page the server rendered: the query cache takes the data it was rendered with, the page's lazy code
 * loads before hydration (else the page would suspend and its loader replace the server's markup), and
 * React attaches to the markup instead of building it again.
 */
async function takeOver(root: HTMLElement, state: PageState) {
  hydrate(queryClient, state.queries);
  // A failed download is the page's to show (its error page), once hydrated.
  await pageAt(new URL(window.location.href))
    ?.page.preload()
    .catch(() => undefined);
  startTransition(() => {
    hydrateRoot(root, app(true));
  });
}
