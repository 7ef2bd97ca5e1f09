// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link, useRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserRouter } from './browser-router';

afterEach(cleanup);

/** A page whose code arrives when the test says so. */
function slowPage() {
  let arrive: (page: { default: ComponentType }) => void = () => {};
  const Page = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
  return { Page, arrive: () => act(async () => arrive({ default: () => <h1>Segunda</h1> })) };
}

function renderAt(path: string, Second: ComponentType) {
  window.history.replaceState(null, '', path);
  function Pages() {
    return useRoutes([
      {
        path: '/primera',
        element: (
          <>
            <h1>Primera</h1>
            <Link to="/segunda?x=1">Ir</Link>
          </>
        ),
      },
      { path: '/segunda', element: <Second /> },
    ]);
  }
  render(
    <BrowserRouter>
      <Suspense fallback={<p>Cargando</p>}>
        <Pages />
      </Suspense>
    </BrowserRouter>,
  );
}

describe('BrowserRouter', () => {
  it('changes the address when the next page is on screen, and Back returns to the previous one', async () => {
    const second = slowPage();
    renderAt('/primera', second.Page);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Ir' })));
    // The next page's code is on its way: the page shown and the address are still the first.
    expect(screen.getByRole('heading').textContent).toBe('Primera');
    expect(window.location.pathname).toBe('/primera');

    await second.arrive();
    expect(screen.getByRole('heading').textContent).toBe('Segunda');
    expect(window.location.pathname + window.location.search).toBe('/segunda?x=1');

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(window.location.pathname).toBe('/primera');
    expect(screen.getByRole('heading').textContent).toBe('Primera');
  });
});
