// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { ImportExportPage } from './import-export-page';

const api = createApiDouble();
setUpAppTests(api);

let answers: Array<{ dryRun: boolean; body: unknown }>;
beforeEach(() => {
  answers = [];
  api.on('POST /api/products/import', (url, init) => {
    const dryRun = url.searchParams.get('dry_run') === 'true';
    const csv = (init as RequestInit).body as FormData;
    const file = csv.get('archivo') as File;
    const bad = file.name === 'malo.csv';
    const body = bad
      ? {
          creados: 0,
          actualizados: 0,
          errores: [{ fila: 3, columna: 'precio', mensaje: 'Ingresa un número válido' }],
        }
      : { creados: 500, actualizados: 2, errores: [] };
    answers.push({ dryRun, body });
    return Response.json(body);
  });
});

const choose = (name: string) =>
  fireEvent.change(screen.getByLabelText('Archivo CSV'), {
    target: { files: [new File(['sku,precio\n'], name, { type: 'text/csv' })] },
  });

describe('Importar / Exportar', () => {
  it('reviews the file first, then imports it, and says what changed', async () => {
    renderAdmin(<ImportExportPage />, { path: '/admin/ajustes/importar' });
    await screen.findByRole('heading', { level: 1, name: 'Importar / Exportar' });
    expect(screen.getByRole('link', { name: 'Descargar catálogo (CSV)' }).getAttribute('href')).toBe(
      '/api/products/export.csv',
    );
    const importar = screen.getByRole('button', { name: 'Importar' }) as HTMLButtonElement;
    expect(importar.disabled).toBe(true);
    choose('catalogo.csv');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Revisar' })));
    expect(
      await screen.findByText(
        'Revisado sin errores: 500 productos nuevos y 2 actualizados. Pulsa Importar para aplicarlo.',
      ),
    ).toBeTruthy();
    await act(async () => fireEvent.click(importar));
    expect(await screen.findByText('Importado: 500 productos nuevos y 2 actualizados.')).toBeTruthy();
    expect(answers.map((a) => a.dryRun)).toEqual([true, false]);
  }, 20_000);

  it('lists the errors by row and column and never offers to import a wrong file', async () => {
    renderAdmin(<ImportExportPage />, { path: '/admin/ajustes/importar' });
    await screen.findByRole('heading', { level: 1, name: 'Importar / Exportar' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Revisar' })));
    expect(await screen.findByText('Elige el archivo CSV del catálogo.')).toBeTruthy();
    choose('malo.csv');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Revisar' })));
    const table = await screen.findByRole('table', { name: 'Errores por fila' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('3precioIngresa un número válido');
    expect((screen.getByRole('button', { name: 'Importar' }) as HTMLButtonElement).disabled).toBe(true);
  }, 20_000);
});
