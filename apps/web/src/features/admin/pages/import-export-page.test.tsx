// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { ImportExportPage } from './import-export-page';

const api = createApiDouble();
setUpAppTests(api);

let answers: Array<{ dryRun: boolean; body: unknown }>;
/** Ends the upload in flight: all of it sent, then the server's answer. */
let finish: (() => void) | undefined;

/** The browser's XMLHttpRequest as the import sees it: half the files sent, then the rest when told. */
class UploadDouble {
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    const dryRun = new URL(this.url, 'http://localhost').searchParams.get('dry_run') === 'true';
    const bad = (body.get('archivo') as File).name === 'malo.csv';
    const answer = bad
      ? {
          creados: 0,
          actualizados: 0,
          errores: [{ fila: 3, columna: 'precio', mensaje: 'Ingresa un número válido' }],
        }
      : { creados: 500, actualizados: 2, errores: [] };
    answers.push({ dryRun, body: answer });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    finish = () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = 200;
      this.responseText = JSON.stringify(answer);
      this.onload?.();
    };
  }
}

beforeEach(() => {
  answers = [];
  finish = undefined;
  vi.stubGlobal('XMLHttpRequest', UploadDouble);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Clicks `name` and lets the upload finish. */
async function upload(name: string) {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
  await waitFor(() => expect(finish).toBeDefined());
  await act(async () => finish?.());
  finish = undefined;
}

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
    // While the files travel, a bar says how much has gone.
    const bar = await screen.findByRole('progressbar', { name: 'Subiendo los archivos…' });
    expect(bar.getAttribute('value')).toBe('0.5');
    expect(screen.getByText(/50 %/)).toBeTruthy();
    await act(async () => finish?.());
    expect(
      await screen.findByText(
        'Revisado sin errores: 500 productos nuevos y 2 actualizados. Pulsa Importar para aplicarlo.',
      ),
    ).toBeTruthy();
    await upload('Importar');
    expect(await screen.findByText('Importado: 500 productos nuevos y 2 actualizados.')).toBeTruthy();
    expect(answers.map((a) => a.dryRun)).toEqual([true, false]);
  }, 20_000);

  it('lists the errors by row and column and never offers to import a wrong file', async () => {
    renderAdmin(<ImportExportPage />, { path: '/admin/ajustes/importar' });
    await screen.findByRole('heading', { level: 1, name: 'Importar / Exportar' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Revisar' })));
    expect(await screen.findByText('Elige el archivo CSV del catálogo.')).toBeTruthy();
    choose('malo.csv');
    await upload('Revisar');
    const table = await screen.findByRole('table', { name: 'Errores por fila' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('3precioIngresa un número válido');
    expect((screen.getByRole('button', { name: 'Importar' }) as HTMLButtonElement).disabled).toBe(true);
  }, 20_000);
});
