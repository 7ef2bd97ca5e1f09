// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { type Synonym, synonymSchema } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, fixture } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { SynonymsPage } from './synonyms-page';

const api = createApiDouble();
setUpAppTests(api);

let entries: Synonym[] = [];
beforeEach(() => {
  entries = [
    fixture(synonymSchema, { id_sinonimo: 1, terminos: ['nevera', 'heladera'], unidireccional: false }),
  ];
  // As the server answers: `q` keeps the entries with a term containing it.
  api.on('GET /api/sinonimos', (url) => {
    const q = url.searchParams.get('q') ?? '';
    const items = entries.filter((e) => e.terminos.some((t) => t.includes(q)));
    return Response.json({ items, total: items.length, page: 1, pageSize: 20 });
  });
  api.on('POST /api/sinonimos', async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as Omit<Synonym, 'id_sinonimo'>;
    const created = fixture(synonymSchema, { id_sinonimo: entries.length + 1, ...body });
    entries = [...entries, created];
    return Response.json(created, { status: 201 });
  });
});

async function renderPage(path = '/admin/sinonimos') {
  renderAdmin(<SynonymsPage />, { path, pattern: '/admin/sinonimos' });
  await screen.findByRole('heading', { level: 1, name: 'Sinónimos' });
}

const newForm = () => screen.getByRole('form', { name: 'Nuevo sinónimo' });
const termsField = () => within(newForm()).getByRole('textbox', { name: 'Términos' });

describe('Sinónimos', () => {
  it('creates a one-way entry, explaining what it does before saving, and lists it at once', async () => {
    await renderPage();
    expect(await screen.findByRole('table', { name: 'Sinónimos: 1' })).toBeTruthy();
    fireEvent.change(termsField(), { target: { value: 'laptop, portátil, computadora portátil' } });
    fireEvent.click(within(newForm()).getByRole('radio', { name: /En un solo sentido/ }));
    expect(within(newForm()).getByRole('group', { name: 'Sentido' }).textContent).toContain(
      'laptop → portátil, computadora portátil: buscar laptop también encuentra portátil y computadora portátil; buscar portátil y computadora portátil no encuentra laptop.',
    );

    await act(async () => fireEvent.click(within(newForm()).getByRole('button', { name: 'Crear sinónimo' })));
    expect(api.calls('POST /api/sinonimos')[0]?.body).toEqual({
      terminos: ['laptop', 'portátil', 'computadora portátil'],
      unidireccional: true,
    });
    expect(await screen.findByRole('table', { name: 'Sinónimos: 2' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'laptop → portátil, computadora portátil' })).toBeTruthy();
    expect((termsField() as HTMLInputElement).value).toBe('');
  });

  it('says in Spanish what is wrong before sending anything', async () => {
    await renderPage();
    fireEvent.change(termsField(), { target: { value: 'laptop' } });
    await act(async () => fireEvent.submit(newForm()));
    expect(within(newForm()).getByText('Indica al menos 2 términos')).toBeTruthy();
    expect(termsField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(termsField());

    fireEvent.change(termsField(), { target: { value: 'laptop, , portátil' } });
    await act(async () => fireEvent.submit(newForm()));
    expect(within(newForm()).getByText('Escribe cada término; quita los que estén vacíos')).toBeTruthy();
    expect(api.calls('POST /api/sinonimos')).toHaveLength(0);
  });

  it("shows the server's 409 on the terms field", async () => {
    await renderPage();
    const message = 'El término «nevera» ya está en otro sinónimo de dos sentidos; edita ese sinónimo.';
    api.on('POST /api/sinonimos', () => Response.json(apiError('Conflict', message), { status: 409 }));
    fireEvent.change(termsField(), { target: { value: 'nevera, refrigerador' } });
    await act(async () => fireEvent.submit(newForm()));
    expect(await within(newForm()).findByText(message)).toBeTruthy();
    expect((termsField() as HTMLInputElement).value).toBe('nevera, refrigerador');
  });

  it('edits an entry in its row and deletes one only after confirming', async () => {
    await renderPage();
    api.on('PUT /api/sinonimos/1', async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as Omit<Synonym, 'id_sinonimo'>;
      entries = [fixture(synonymSchema, { id_sinonimo: 1, ...body })];
      return Response.json(entries[0]);
    });
    api.on('DELETE /api/sinonimos/1', () => {
      entries = [];
      return new Response(null, { status: 204 });
    });
    await screen.findByRole('table', { name: 'Sinónimos: 1' });

    fireEvent.click(screen.getByRole('button', { name: 'Editar nevera, heladera' }));
    const edit = screen.getByRole('form', { name: 'Editar sinónimo' });
    const field = within(edit).getByRole('textbox', { name: 'Términos' }) as HTMLInputElement;
    expect(field.value).toBe('nevera, heladera');
    fireEvent.change(field, { target: { value: 'nevera, heladera, refrigerador' } });
    await act(async () => fireEvent.click(within(edit).getByRole('button', { name: 'Guardar cambios' })));
    expect(await screen.findByRole('rowheader', { name: 'nevera = heladera = refrigerador' })).toBeTruthy();

    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Eliminar nevera, heladera, refrigerador' })),
    );
    let dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar este sinónimo?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' })));
    expect(api.calls('DELETE /api/sinonimos/1')).toHaveLength(0);

    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Eliminar nevera, heladera, refrigerador' })),
    );
    dialog = await screen.findByRole('alertdialog', { name: '¿Eliminar este sinónimo?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' })));
    expect(await screen.findByText('Todavía no hay sinónimos.')).toBeTruthy();
  });

  it("starts a new entry with the dashboard's search that found nothing", async () => {
    await renderPage('/admin/sinonimos?nuevo=heladera');
    expect((termsField() as HTMLInputElement).value).toBe('heladera, ');
  });

  it('filters by a term through the URL', async () => {
    await renderPage('/admin/sinonimos?q=zapat');
    expect(await screen.findByText('Ningún sinónimo contiene «zapat».')).toBeTruthy();
    expect(api.calls('GET /api/sinonimos')[0]?.url.searchParams.get('q')).toBe('zapat');
  });
});
