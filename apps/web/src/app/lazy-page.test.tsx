// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Link, MemoryRouter, useLocation, useRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '../testing/console-guard';
import { AppProvider } from './provider';
import { page } from './router';
import { ErrorBoundary } from './routes/error-boundary';

describe('a lazily loaded page', () => {
  it('whose code failed to download shows the error page, and downloads again on the next visit', async () => {
    // React reports the error its boundary caught.
    expectConsole('error', /No se pudo cargar la página/);
    let downloads = 0;
    const flaky = page(async () => {
      downloads++;
      if (downloads === 1) throw new Error('red caída');
      return () => <h1>Ofertas</h1>;
    });
    function Pages() {
      const { pathname } = useLocation();
      const routes = useRoutes([
        { path: '/ofertas', element: <flaky.Component /> },
        { path: '/otra', element: <p>Otra página</p> },
      ]);
      return (
        <>
          <Link to="/otra">Otra</Link>
          <Link to="/ofertas">Ofertas</Link>
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<p>Cargando</p>}>{routes}</Suspense>
          </ErrorBoundary>
        </>
      );
    }
    render(
      <AppProvider>
        <MemoryRouter initialEntries={['/ofertas']}>
          <Pages />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(await screen.findByText(/No se pudo cargar esta sección de la tienda/)).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Otra' })));
    expect(await screen.findByText('Otra página')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Ofertas' })));
    expect(await screen.findByRole('heading', { name: 'Ofertas' })).toBeTruthy();
    expect(downloads).toBe(2);
  });
});
