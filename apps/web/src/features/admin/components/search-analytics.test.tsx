// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { searchAnalyticsSchema } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { SearchAnalyticsSection } from './search-analytics';

const api = createApiDouble();
setUpAppTests(api);

const analytics = fixture(searchAnalyticsSchema, {
  frecuentes: [
    { consulta: 'licuadora', veces: 12 },
    { consulta: 'air fryer', veces: 1 },
  ],
  sin_resultados: [{ consulta: 'heladera', veces: 4 }],
  agotados: [{ consulta: 'audifonos inalambricos', veces: 3 }],
});

const links = (article: HTMLElement) =>
  within(article)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('search analytics on the dashboard', () => {
  it('lists the frequent searches with their results, and offers a synonym or a product for those that found nothing', async () => {
    api.on('GET /api/admin/busquedas', () => Response.json(analytics));
    renderAdmin(<SearchAnalyticsSection />, { path: '/adminHome' });
    expect(screen.getByRole('heading', { name: 'Búsquedas de los últimos 30 días' })).toBeTruthy();

    const frequent = await screen.findByRole('article', { name: 'Lo más buscado' });
    expect(
      within(frequent)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'licuadora 12 vecesVer resultados de licuadora',
      'air fryer 1 vezVer resultados de air fryer',
    ]);
    expect(links(frequent)[1]).toEqual(['Ver resultados de air fryer', '/products/todos?name=air+fryer']);

    const none = screen.getByRole('article', { name: 'Búsquedas sin resultados' });
    expect(links(none)).toEqual([
      ['Crear sinónimo para heladera', '/admin/sinonimos?nuevo=heladera'],
      ['Crear producto para heladera', '/producto'],
    ]);
  });

  it('lists apart the searches that found only sold-out products, leading to them rather than to a synonym', async () => {
    api.on('GET /api/admin/busquedas', () => Response.json(analytics));
    renderAdmin(<SearchAnalyticsSection />, { path: '/adminHome' });
    const soldOut = await screen.findByRole('article', { name: 'El producto existe, pero está agotado' });
    expect(
      within(soldOut)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['audifonos inalambricos 3 vecesVer productos de audifonos inalambricos']);
    expect(links(soldOut)).toEqual([
      ['Ver productos de audifonos inalambricos', '/products/admin?name=audifonos+inalambricos'],
    ]);
    const none = screen.getByRole('article', { name: 'Búsquedas sin resultados' });
    expect(within(none).queryByText('audifonos inalambricos')).toBeNull();
  });

  it('says so when nothing was searched', async () => {
    api.on('GET /api/admin/busquedas', () =>
      Response.json({ frecuentes: [], sin_resultados: [], agotados: [] }),
    );
    renderAdmin(<SearchAnalyticsSection />, { path: '/adminHome' });
    expect(await screen.findByText('Todavía nadie ha buscado nada.')).toBeTruthy();
    expect(screen.getByText('Todas las búsquedas encontraron productos.')).toBeTruthy();
    expect(screen.getByText('Ninguna búsqueda encontró solo productos agotados.')).toBeTruthy();
  });
});
