import { OWN_PAGES_MAX, type Pagina } from '@vitrina/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagina } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';

describe.each(TEST_DATABASE_KINDS)('the shop pages API on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let visitor: Agent;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    visitor = new Agent(t.app);
  });
  afterAll(() => t?.close());

  const read = async (slug: string) => (await visitor.get(`/api/paginas/${slug}`)).json() as Pagina;

  it('answers about, terms and privacy from their first texts until the owner edits them', async () => {
    const terms = await read('terminos');
    expect(terms).toMatchObject({
      slug: 'terminos',
      titulo: 'Términos de uso',
      fija: true,
      actualizada: null,
    });
    expect(terms.contenido).toContain('# Tu cuenta');
    expect(terms.html).toContain('<h2>Tu cuenta</h2>');
    expect((await read('privacidad')).html).toContain('<h2>Tus derechos</h2>');
    const about = await read('acerca');
    expect(about.titulo).toBe('Acerca de Vitrina');
    expect(about.html).toContain('<a href="https://www.linkedin.com/in/valentina-rios-dev">Ver perfil</a>');
    expect((await visitor.get('/api/paginas')).json()).toEqual([
      { slug: 'acerca', titulo: 'Acerca de Vitrina', fija: true },
      { slug: 'terminos', titulo: 'Términos de uso', fija: true },
      { slug: 'privacidad', titulo: 'Aviso de privacidad', fija: true },
    ]);
  });

  it('answers 404 in Spanish for a page that does not exist, and 400 for an address that cannot be one', async () => {
    const missing = await visitor.get('/api/paginas/no-existe');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('La página que buscas no existe.');
    const bad = await visitor.get('/api/paginas/Mal_Nombre');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'La dirección de la página lleva solo letras minúsculas sin acentos, números y guiones entre palabras',
    );
  });

  it('lets only the administrator write, delete or preview: 401 for a visitor, 403 for a customer', async () => {
    const body = { titulo: 'Términos', contenido: 'Nuevo texto' };
    const { agent: customer } = await newCustomer(t.app, 'paginas-cliente@example.com');
    for (const [who, status] of [
      [visitor, 401],
      [customer, 403],
    ] as const) {
      expect((await who.put('/api/paginas/terminos', body)).statusCode).toBe(status);
      expect((await who.put('/api/paginas/propia', body)).statusCode).toBe(status);
      expect((await who.request('DELETE', '/api/paginas/propia')).statusCode).toBe(status);
      expect((await who.post('/api/paginas/vista-previa', { contenido: 'x' })).statusCode).toBe(status);
    }
    expect(await t.db.select().from(pagina)).toEqual([]);
  });

  it('edits the terms: anyone reads the new text at once, and the audit trail says who changed what', async () => {
    const res = await admin.put('/api/paginas/terminos', {
      titulo: 'Términos y condiciones',
      contenido: '# Devoluciones\n\nTienes **30 días** para devolver un producto.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const terms = await read('terminos');
    expect(terms).toMatchObject({
      titulo: 'Términos y condiciones',
      html: '<h2>Devoluciones</h2>\n<p>Tienes <strong>30 días</strong> para devolver un producto.</p>\n',
      fija: true,
      actualizada: expect.any(String),
    });
    const trail = (await admin.get('/api/admin/auditoria?entidad=pagina')).json();
    expect(trail.items[0]).toMatchObject({
      resumen: 'Editó la página «Términos y condiciones»',
      usuario: { email: t.config.admin.email },
    });
    expect(trail.items[0].cambios).toContainEqual({
      campo: 'Título',
      antes: 'Términos de uso',
      despues: 'Términos y condiciones',
    });
  });

  it("creates the owner's own page, lists it after the three, and deletes it; the three cannot be deleted", async () => {
    const created = await admin.put('/api/paginas/envios-y-devoluciones', {
      titulo: 'Envíos y devoluciones',
      contenido: 'Enviamos a todo el país.',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ slug: 'envios-y-devoluciones', fija: false });
    const list = (await visitor.get('/api/paginas')).json();
    expect(list.slice(3)).toEqual([
      { slug: 'envios-y-devoluciones', titulo: 'Envíos y devoluciones', fija: false },
    ]);

    const fixed = await admin.request('DELETE', '/api/paginas/privacidad');
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().message).toBe(
      'Las páginas Acerca de, Términos de uso y Aviso de privacidad no se borran: cambia su texto.',
    );
    expect((await admin.request('DELETE', '/api/paginas/envios-y-devoluciones')).statusCode).toBe(204);
    expect((await visitor.get('/api/paginas/envios-y-devoluciones')).statusCode).toBe(404);
    expect((await admin.request('DELETE', '/api/paginas/envios-y-devoluciones')).statusCode).toBe(404);
    const trail = (await admin.get('/api/admin/auditoria?entidad=pagina')).json();
    expect(trail.items.map((entry: { resumen: string }) => entry.resumen).slice(0, 2)).toEqual([
      'Borró la página «Envíos y devoluciones»',
      'Creó la página «Envíos y devoluciones»',
    ]);
  });

  it(`refuses a page of the owner's beyond ${OWN_PAGES_MAX}, and bad titles and texts in Spanish`, async () => {
    for (let i = 1; i <= OWN_PAGES_MAX; i++) {
      const res = await admin.put(`/api/paginas/pagina-${i}`, { titulo: `Página ${i}`, contenido: 'Texto' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await admin.put('/api/paginas/una-mas', { titulo: 'Una más', contenido: 'Texto' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `La tienda ya tiene ${OWN_PAGES_MAX} páginas propias: borra una para crear otra.`,
    );
    // Editing one of them is still allowed.
    expect(
      (await admin.put('/api/paginas/pagina-1', { titulo: 'Otra', contenido: 'Texto' })).statusCode,
    ).toBe(200);

    const bad = await admin.put('/api/paginas/terminos', { titulo: '  ', contenido: '\n \n' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      titulo: 'Escribe el título de la página',
      contenido: 'Escribe el texto de la página',
    });
    const long = await admin.put('/api/paginas/terminos', { titulo: 'T', contenido: 'x'.repeat(20_001) });
    expect(long.json().fields).toEqual({ contenido: 'El texto tiene como máximo 20000 caracteres' });
  });

  it('stores hostile Markdown as written and serves it sanitized, and previews it the same way', async () => {
    const contenido = [
      '<script>alert(1)</script>',
      '[clic](javascript:alert(1)) <img src=x onerror=alert(1)>',
      '[bien](https://example.com)',
    ].join('\n\n');
    const saved = await admin.put('/api/paginas/privacidad', { titulo: 'Privacidad', contenido });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await read('privacidad');
    expect(page.contenido).toBe(contenido);
    expect(page.html).not.toMatch(/<script|<img|javascript:"|href="javascript/i);
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.html).toContain('<a href="https://example.com">bien</a>');
    const preview = await admin.post('/api/paginas/vista-previa', { contenido });
    expect(preview.json()).toEqual({ html: page.html });
  });
});
