// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Pagina, PaginaList } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { describedText } from '../../../testing/described-text';
import { pagina } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { ShopPagesPage } from './shop-pages-page';

const api = createApiDouble();
setUpAppTests(api);

let pages: Record<string, Pagina>;
const list = (): PaginaList => Object.values(pages).map(({ slug, titulo, fija }) => ({ slug, titulo, fija }));

beforeEach(() => {
  pages = {
    acerca: pagina({ slug: 'acerca', titulo: 'Acerca de Vitrina', contenido: 'Somos una tienda.' }),
    terminos: pagina(),
    privacidad: pagina({
      slug: 'privacidad',
      titulo: 'Aviso de privacidad',
      contenido: 'Cuidamos tus datos.',
    }),
  };
  api.on('GET /api/paginas', () => Response.json(list()));
  for (const slug of ['acerca', 'terminos', 'privacidad', 'envios']) {
    api.on(`GET /api/paginas/${slug}`, () => Response.json(pages[slug]));
    api.on(`PUT /api/paginas/${slug}`, (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { titulo: string; contenido: string };
      pages[slug] = pagina({ ...body, slug, html: `<p>${body.contenido}</p>`, fija: slug !== 'envios' });
      return Response.json(pages[slug]);
    });
  }
  api.on('DELETE /api/paginas/envios', () => {
    delete pages.envios;
    return new Response(null, { status: 204 });
  });
  api.on('POST /api/paginas/vista-previa', () =>
    // What the server makes of a hostile text: the tag is text, the javascript: link is not a link.
    Response.json({
      html: '<h2>Cambios</h2>\n<p>&lt;script&gt;alert(1)&lt;/script&gt; [clic](javascript:alert(1))</p>\n',
    }),
  );
});

const editor = () => screen.getByRole('form', { name: /^Editar|^Nueva página/ });

async function renderPage(path = '/admin/ajustes/paginas') {
  renderAdmin(<ShopPagesPage />, { path, pattern: '/admin/ajustes/paginas' });
  await screen.findByRole('heading', { level: 2, name: 'Páginas de la tienda' });
}

describe('ShopPagesPage', () => {
  it('edits the terms: previews the text as the server renders it, then saves it', async () => {
    await renderPage();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Editar Términos de uso' })));
    const text = (await screen.findByLabelText('Texto')) as HTMLTextAreaElement;
    expect(text.value).toBe('# Tu cuenta\n\nPara comprar necesitas una cuenta.');
    fireEvent.change(text, {
      target: { value: '# Cambios\n\n<script>alert(1)</script> [clic](javascript:alert(1))' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Vista previa' })));
    const preview = await screen.findByRole('region', { name: 'Vista previa' });
    expect(within(preview).getByRole('heading', { level: 2, name: 'Cambios' })).toBeTruthy();
    expect(preview.querySelector('script')).toBeNull();
    expect(within(preview).queryByRole('link')).toBeNull();

    await act(async () => fireEvent.click(within(editor()).getByRole('button', { name: 'Guardar página' })));
    expect(api.calls('PUT /api/paginas/terminos')[0]?.body).toEqual({
      titulo: 'Términos de uso',
      contenido: '# Cambios\n\n<script>alert(1)</script> [clic](javascript:alert(1))',
    });
    expect(await screen.findByText('Página guardada')).toBeTruthy();
    // The three pages every shop has cannot be deleted.
    expect(screen.queryByRole('button', { name: 'Borrar página' })).toBeNull();
  });

  it("creates a page of the owner's with an address proposed from its title, and deletes it", async () => {
    await renderPage();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Nueva página' })));
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Envíos y devoluciones' } });
    const address = screen.getByLabelText('Dirección') as HTMLInputElement;
    expect(address.value).toBe('envios-y-devoluciones');
    fireEvent.change(address, { target: { value: 'envios' } });
    fireEvent.change(screen.getByLabelText('Texto'), { target: { value: 'Enviamos en 24 horas.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar página' })));
    expect(api.calls('PUT /api/paginas/envios')[0]?.body).toEqual({
      titulo: 'Envíos y devoluciones',
      contenido: 'Enviamos en 24 horas.',
    });
    // The new page is listed, and open in the editor with the way to delete it.
    expect(await screen.findByRole('button', { name: 'Editar Envíos y devoluciones' })).toBeTruthy();
    const remove = await screen.findByRole('button', { name: 'Borrar página' });
    await act(async () => fireEvent.click(remove));
    const dialog = await screen.findByRole('alertdialog', {
      name: '¿Borrar la página Envíos y devoluciones?',
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sí' })));
    expect(api.calls('DELETE /api/paginas/envios')).toHaveLength(1);
    expect(await screen.findByText('Página borrada')).toBeTruthy();
  });

  it('says what to fix with the shared messages and sends nothing', async () => {
    await renderPage();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Nueva página' })));
    fireEvent.change(screen.getByLabelText('Dirección'), { target: { value: 'Con Acentos/á' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar página' })));
    expect(describedText(screen.getByLabelText('Dirección'))).toContain(
      'La dirección de la página lleva solo letras minúsculas sin acentos, números y guiones entre palabras',
    );
    expect(describedText(screen.getByLabelText('Título'))).toContain('Escribe el título de la página');
    expect(describedText(screen.getByLabelText('Texto'))).toContain('Escribe el texto de la página');
    expect(api.calls('/api/paginas/con-acentos')).toHaveLength(0);
    expect(api.calls('PUT /api/paginas/envios')).toHaveLength(0);
  });
});
