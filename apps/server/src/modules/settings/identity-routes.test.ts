import { DEFAULT_BRAND_COLORS, type Tienda } from '@vitrina/shared';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correo, producto, tienda } from '../../db/schema';
import { Agent, newCustomer } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';

const IDENTITY = {
  nombre: 'Casa Lola',
  logo: '/uploads/productos/logo-casa-lola.webp',
  favicon: '/uploads/productos/icono-casa-lola.webp',
  colores: { primario: '#1E3A8A', acento: '#0f766e' },
  contacto: { email: 'Hola@CasaLola.mx', telefono: '+52 55 1234 5678', direccion: 'Calle Roble 12, CDMX' },
  redes: { instagram: 'https://instagram.com/casalola', facebook: '', tiktok: '', x: '', youtube: '' },
  whatsapp: '+52 1 55 1234 5678',
};

describe.each(TEST_DATABASE_KINDS)('GET and PUT /api/ajustes/tienda on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await seededTestApp(kind, { SHOP_NAME: 'Tienda de Prueba', SUPPORT_EMAIL: 'soporte@prueba.mx' });
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
  });
  afterAll(() => t?.close());

  const identity = async () => (await new Agent(t.app).get('/api/ajustes/tienda')).json() as Tienda;

  it("shows SHOP_NAME and the theme's colours to anyone until the owner saves an identity", async () => {
    expect(await identity()).toEqual({
      nombre: 'Tienda de Prueba',
      logo: null,
      favicon: null,
      colores: DEFAULT_BRAND_COLORS,
      contacto: { email: '', telefono: '', direccion: '' },
      redes: { instagram: '', facebook: '', tiktok: '', x: '', youtube: '' },
      whatsapp: '',
    });
    expect((await new Agent(t.app).get('/api/config')).json()).toMatchObject({
      shopName: 'Tienda de Prueba',
      supportEmail: 'soporte@prueba.mx',
    });
  });

  it('lets only the administrator change it: 401 for a visitor, 403 for a customer, nothing saved', async () => {
    expect((await new Agent(t.app).put('/api/ajustes/tienda', IDENTITY)).statusCode).toBe(401);
    const { agent: customer } = await newCustomer(t.app, 'identidad-cliente@example.com');
    const refused = await customer.put('/api/ajustes/tienda', IDENTITY);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('No tienes permiso para realizar esta acción.');
    expect(await t.db.select().from(tienda)).toEqual([]);
  });

  it('refuses colours whose text fails WCAG AA, saying the ratio and the minimum, and keeps the saved ones', async () => {
    const res = await admin.put('/api/ajustes/tienda', {
      ...IDENTITY,
      colores: { primario: '#777777', acento: '#fbbf24' },
    });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json();
    expect(fields['colores.primario']).toBe(
      'Ningún texto se lee bien sobre el color primario: el mejor contraste es 4,4:1 y el mínimo es 4,5:1 (WCAG AA). Elige un color más claro o más oscuro.',
    );
    expect(fields['colores.acento']).toBe(
      'Los enlaces y botones en el color de acento tienen un contraste de 1,5:1 sobre el fondo de la tienda y el mínimo es 4,5:1 (WCAG AA). Elige un color más oscuro.',
    );
    expect((await identity()).colores).toEqual(DEFAULT_BRAND_COLORS);
  });

  it('says in Spanish what is wrong with each field', async () => {
    const res = await admin.put('/api/ajustes/tienda', {
      ...IDENTITY,
      nombre: '',
      logo: '/uploads/../../etc/passwd',
      contacto: { email: 'no es correo', telefono: 'llámame', direccion: 'x'.repeat(201) },
      redes: { instagram: 'javascript:alert(1)', facebook: 'http://facebook.com/casalola' },
      whatsapp: '1234',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      nombre: 'Escribe el nombre de la tienda',
      logo: 'La imagen no es válida',
      'contacto.email': 'El correo de contacto no es un correo válido',
      'contacto.telefono': 'El teléfono solo lleva números, espacios, guiones y un + al comienzo',
      'contacto.direccion': 'La dirección tiene como máximo 200 caracteres',
      'redes.instagram': 'El enlace de Instagram debe ser una dirección que empiece con https://',
      'redes.facebook': 'El enlace de Facebook debe ser una dirección que empiece con https://',
      whatsapp: 'El número de WhatsApp lleva el código del país y tiene de 8 a 15 dígitos',
    });
  });

  it('saves the identity, answers it to anyone and records the change in the audit trail', async () => {
    const res = await admin.put('/api/ajustes/tienda', IDENTITY);
    expect(res.statusCode, res.body).toBe(200);
    const saved = {
      ...IDENTITY,
      colores: { primario: '#1e3a8a', acento: '#0f766e' },
      contacto: { ...IDENTITY.contacto, email: 'hola@casalola.mx' },
      whatsapp: '5215512345678',
    };
    expect(res.json()).toEqual(saved);
    expect(await identity()).toEqual(saved);
    expect((await new Agent(t.app).get('/api/config')).json()).toMatchObject({
      shopName: 'Casa Lola',
      supportEmail: 'hola@casalola.mx',
    });

    const trail = (await admin.get('/api/admin/auditoria?entidad=tienda')).json();
    const entry = trail.items[0];
    expect(entry.resumen).toBe('Editó la identidad de la tienda');
    expect(entry.cambios).toEqual(
      expect.arrayContaining([
        { campo: 'Nombre', antes: 'Tienda de Prueba', despues: 'Casa Lola' },
        { campo: 'Color primario', antes: DEFAULT_BRAND_COLORS.primario, despues: '#1e3a8a' },
        { campo: 'WhatsApp', antes: '—', despues: '5215512345678' },
      ]),
    );
  });

  it("names the saved shop, with its logo, in the e-mails, and tells the shop's contact address of an order", async () => {
    await admin.put('/api/ajustes/tienda', IDENTITY);
    const { agent } = await newCustomer(t.app, 'identidad-correo@example.com');
    const [welcome] = await t.db
      .select()
      .from(correo)
      .where(eq(correo.destinatario, 'identidad-correo@example.com'))
      .orderBy(desc(correo.id));
    expect(welcome?.asunto).toBe('Te damos la bienvenida a Casa Lola');
    expect(welcome?.html).toContain(
      `<img src="${t.config.publicUrl}/uploads/productos/logo-casa-lola.webp" alt="Casa Lola"`,
    );

    const [product] = await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 5)))
      .orderBy(asc(producto.id_producto))
      .limit(1);
    const sale = await agent.buy([{ id_producto: product?.id_producto as number, cantidad: 1 }]);
    expect(sale.statusCode, sale.body).toBe(201);
    const toShop = await t.db.select().from(correo).where(eq(correo.destinatario, 'hola@casalola.mx'));
    expect(toShop).toHaveLength(1);
    expect(toShop[0]?.html).toContain('Casa Lola');
    const [confirmation] = await t.db
      .select()
      .from(correo)
      .where(
        and(eq(correo.destinatario, 'identidad-correo@example.com'), eq(correo.tipo, 'pedido_confirmado')),
      );
    expect(confirmation?.asunto).toMatch(/ en Casa Lola$/);
  });
});
