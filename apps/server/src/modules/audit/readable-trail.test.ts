import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditEntry, auditPageSchema, formatOrderNumber } from '@vitrina/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, categoriaProducto, correo, producto, venta } from '../../db/schema';
import { Agent, CUSTOMER_PASSWORD, newCustomer } from '../../test/agent';
import { TEST_DATABASE_KINDS } from '../../test/databases';
import { TEST_ADDRESS } from '../../test/shipping-address';
import { type StripeTestApp, sendStripeWebhook, stripeTestApp } from '../../test/stripe-app';

/*
 * Every kind of change the trail records, made through the API as an admin makes it (the Stripe provider,
 * so a refund can fail after it was made), then read back as the owner reads the trail: Spanish sentences
 * naming orders by number, people by name and e-mail, products by name; labelled values, money as money.
 */

/** Words the trail must never show with their accent missing. */
const UNACCENTED = /\b(descripcion|categoria|calificacion|sinonimo|terminos|envio|guia|numero|ultimos)\b/i;

describe.each(TEST_DATABASE_KINDS)('the audit trail as the owner reads it, on %s', (kind) => {
  let t: StripeTestApp;
  let admin: Agent;
  let entries: AuditEntry[];
  let stored: Array<typeof auditoria.$inferSelect>;
  const names = {} as {
    product: string;
    created: string;
    categories: [string, string];
    customer: string;
    email: string;
    orders: [string, string];
  };

  beforeAll(async () => {
    t = await stripeTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const [bought] = await t.db
      .select()
      .from(producto)
      .where(and(eq(producto.estado, true), gt(producto.stock, 10)))
      .orderBy(asc(producto.id_producto))
      .limit(1);
    if (!bought) throw new Error('no product to buy');
    names.product = bought.nombre;
    const categories = await t.db
      .select()
      .from(categoriaProducto)
      .orderBy(asc(categoriaProducto.id_categoria_producto));
    names.categories = [
      categories[0]?.nombre_categoria_producto ?? '',
      categories[1]?.nombre_categoria_producto ?? '',
    ];

    const ok = <R extends { statusCode: number; body: string }>(res: R) => {
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res;
    };

    // A customer buys twice and rates the first purchase.
    names.email = 'ana.registro@example.com';
    const { agent: customer, user } = await newCustomer(t.app, names.email);
    names.customer = `${user.primer_nombre} ${user.primer_apellido}`;
    const buy = async (cantidad: number) =>
      ok(
        await customer.request(
          'POST',
          '/api/venta',
          {
            detalle_venta: [{ id_producto: bought.id_producto, cantidad }],
            id_pago: 'pm_card_visa',
            direccion_envio: TEST_ADDRESS,
          },
          { 'idempotency-key': randomUUID() },
        ),
      ).json();
    const first = await buy(3);
    const second = await buy(1);
    const line = first.detalle_venta[0].id_detalle_venta as number;
    const rating = ok(
      await customer.post(`/api/products/${bought.id_producto}/calificacion`, {
        valor_calificacion: 4,
        descripcion_motivo: 'Buena',
        id_detalle_venta: line,
      }),
    ).json();
    const numbers = await t.db.select({ id: venta.id_venta, numero: venta.numero_pedido }).from(venta);
    const numberOf = (id: number) => formatOrderNumber(numbers.find((n) => n.id === id)?.numero ?? 0);
    names.orders = [numberOf(first.id_venta), numberOf(second.id_venta)];

    // Products: created, edited, deleted and restored.
    names.created = 'Lámpara de auditoría';
    const created = ok(
      await admin.post('/api/products', {
        nombre: names.created,
        descripcion_producto: 'Lámpara con brazo articulado y luz cálida',
        valor: 450,
        valor_descuento: null,
        stock: 5,
        id_categoria_producto: categories[0]?.id_categoria_producto,
        imagen: bought.imagen,
      }),
    ).json();
    ok(
      await admin.put(`/api/products/${created.id_producto}/editProduct`, {
        valor: 1299.9,
        valor_descuento: 999,
        stock: 8,
        id_categoria_producto: categories[1]?.id_categoria_producto,
      }),
    );
    ok(await admin.put(`/api/products/delete/${created.id_producto}`, { estado: false }));
    ok(await admin.put(`/api/products/delete/${created.id_producto}`, { estado: true }));

    // The rating hidden and shown again; the customer banned and restored.
    ok(await admin.put(`/api/products/calificaciones/${rating.id_motivo_calificacion}`));
    ok(await admin.put(`/api/products/calificaciones/${rating.id_motivo_calificacion}/restaurar`));
    ok(await admin.put('/api/usuario/delete', { id_usuario: user.id_usuario, estado: false }));
    ok(await admin.put('/api/usuario/delete', { id_usuario: user.id_usuario, estado: true }));

    // The first order shipped, then one unit refunded; the second refunded whole, and that refund fails later.
    ok(await admin.put(`/api/venta/${first.id_venta}/estado`, { estado: 'preparando' }));
    ok(
      await admin.put(`/api/venta/${first.id_venta}/estado`, {
        estado: 'enviada',
        transportista: 'Estafeta',
        guia: '1234567890',
      }),
    );
    const refund = (id: number, body: object) =>
      admin.request('POST', `/api/venta/${id}/reembolso`, body, { 'idempotency-key': randomUUID() });
    ok(await refund(first.id_venta, { lineas: [{ id_detalle_venta: line, cantidad: 1 }] }));
    ok(await refund(second.id_venta, {}));
    const pi = t.fake.intentsOf(second.id_venta)[0]?.id;
    const made = [...t.fake.refunds.values()].find((r) => r.payment_intent === pi);
    t.fake.failRefund(made?.id as string, 'expired_or_canceled_card');
    const payload = t.fake.refundEventPayload('refund.updated', made?.id as string);
    ok(await sendStripeWebhook(t.app, payload));

    // The shop's settings, and a synonym created, edited and deleted.
    ok(await admin.put('/api/ajustes', { envio_tarifa: 9.9, envio_gratis_desde: 1500 }));
    const synonym = ok(
      await admin.post('/api/sinonimos', { terminos: ['zorbeta', 'plimu'], unidireccional: false }),
    ).json();
    ok(
      await admin.put(`/api/sinonimos/${synonym.id_sinonimo}`, {
        terminos: ['zorbeta', 'plimu', 'trasgo'],
        unidireccional: true,
      }),
    );
    ok(await admin.request('DELETE', `/api/sinonimos/${synonym.id_sinonimo}`));

    // A coupon for one category and one product, then paused and limited.
    const coupon = {
      codigo: 'auditoria10',
      tipo: 'porcentaje',
      valor: 10,
      categorias: [categories[0]?.id_categoria_producto],
      productos: [bought.id_producto],
    };
    const promotion = ok(await admin.post('/api/cupones', coupon)).json();
    ok(
      await admin.put(`/api/cupones/${promotion.id}`, {
        ...coupon,
        activa: false,
        hasta: '2026-12-31',
        usos_max: 50,
      }),
    );
    // The customer joins the staff as Ventas (the owner's invitation, accepted), then becomes Encargado.
    ok(await admin.post('/api/personal', { email: names.email, rol: 'ventas' }));
    const [invitation] = await t.db.select().from(correo).where(eq(correo.tipo, 'invitacion_personal'));
    const token = /#token=([\w-]+)/.exec(invitation?.texto ?? '')?.[1];
    // The ban above ended the customer's sessions: signed in again to accept.
    await customer.signIn(names.email, CUSTOMER_PASSWORD);
    // A third order the customer asks to cancel, and the owner refuses.
    const third = await buy(1);
    const asked = ok(
      await customer.post(`/api/venta/${third.id_venta}/solicitudes`, {
        tipo: 'cancelacion',
        motivo: 'Lo pedí dos veces',
      }),
    ).json();
    ok(
      await admin.put(`/api/venta/${third.id_venta}/solicitudes/${asked.id}`, {
        decision: 'rechazar',
        respuesta: 'Ya salió del almacén',
      }),
    );
    ok(await customer.post('/api/personal/aceptar', { token }));
    ok(await admin.put(`/api/personal/${user.id_usuario}`, { rol: 'encargado' }));
    // The shop's identity, and a page of the owner's created, edited and deleted.
    ok(
      await admin.put('/api/ajustes/tienda', {
        nombre: 'Casa Lola',
        colores: { primario: '#1e3a8a', acento: '#0f766e' },
        contacto: { email: 'hola@casalola.mx', telefono: '+52 55 1234 5678', direccion: 'Calle Roble 12' },
      }),
    );
    const page = { titulo: 'Garantía extendida', contenido: 'Un año más.' };
    ok(await admin.put('/api/paginas/garantia-extendida', page));
    ok(await admin.put('/api/paginas/garantia-extendida', { ...page, contenido: 'Dos años más.' }));
    ok(await admin.request('DELETE', '/api/paginas/garantia-extendida'));

    entries = auditPageSchema.parse((await admin.get('/api/admin/auditoria?pageSize=100')).json()).items;
    stored = await t.db.select().from(auditoria);
  });
  afterAll(() => t.close());

  const entry = (accion: string) => {
    const found = entries.filter((e) => e.accion === accion);
    expect(found.length, accion).toBeGreaterThan(0);
    return found[0] as AuditEntry;
  };
  const change = (accion: string, campo: string) => entry(accion).cambios.find((c) => c.campo === campo);

  it('holds every kind of change the trail records', () => {
    expect(new Set(entries.map((e) => e.accion))).toEqual(new Set(AUDIT_ACTIONS));
    expect(entries).toHaveLength(stored.length);
  });

  it('never shows an id for a subject, a data structure, a raw field name or a word without its accent', () => {
    const rawKeys = new Set(
      stored.flatMap((e) => [...Object.keys(e.antes ?? {}), ...Object.keys(e.despues ?? {})]),
    );
    for (const e of entries) {
      const shown = [e.resumen, ...e.cambios.flatMap((c) => [c.campo, c.antes ?? '', c.despues ?? ''])];
      for (const text of shown) {
        expect(text, e.accion).not.toMatch(/[{}[\]"]|n\.º|\b(true|false|null|undefined)\b/);
        expect(text, e.accion).not.toMatch(UNACCENTED);
      }
      if (e.sujeto !== null) {
        expect(e.resumen.endsWith(` ${e.sujeto}`), e.accion).toBe(true);
        expect(e.sujeto, e.accion).not.toMatch(/^\d+$/);
        expect(e.resumen, e.accion).not.toMatch(new RegExp(`\\b${e.id_entidad}$`));
      }
      for (const c of e.cambios) {
        expect(rawKeys.has(c.campo), `${e.accion}: ${c.campo}`).toBe(false);
        expect(c.campo, e.accion).toMatch(/^[A-ZÁÉÍÓÚÑ][a-záéíóúñ ]+$/);
      }
    }
  });

  it('names orders by number, people by name and e-mail, products and synonyms by name', () => {
    const [first, second] = names.orders;
    expect(first).toMatch(/^V-\d{6}$/);
    expect(entries.filter((e) => e.accion === 'pedido.reembolsado').map((e) => e.resumen)).toEqual([
      `Reembolsó el pedido ${second}`,
      `Reembolsó el pedido ${first}`,
    ]);
    expect(entry('pedido.reembolso_fallido').resumen).toBe(
      `El sistema de pagos rechazó un reembolso ya hecho del pedido ${second}`,
    );
    expect(entry('usuario.baneado').resumen).toBe(`Baneó al usuario ${names.customer} (${names.email})`);
    expect(entry('calificacion.ocultada').resumen).toBe(
      `Ocultó la calificación de ${names.customer} sobre «${names.product}»`,
    );
    expect(entry('producto.creado').resumen).toBe(`Creó el producto «${names.created}»`);
    expect(entry('ajustes.editados')).toMatchObject({
      resumen: 'Editó los ajustes de la tienda',
      sujeto: null,
    });
    // The synonym is gone from its table; its entries still name it.
    expect(entry('sinonimo.borrado').resumen).toBe('Borró el sinónimo «zorbeta, plimu, trasgo»');
    expect(entry('sinonimo.creado').resumen).toBe('Creó el sinónimo «zorbeta, plimu»');
    expect(entry('promocion.creada').resumen).toBe('Creó la promoción «AUDITORIA10»');
    // A staff member is named with the role, as whoever made a change and as its subject.
    const roles = entries.filter((e) => e.accion === 'usuario.rol');
    expect(roles.map((e) => [e.resumen, e.usuario?.nombre, e.cambios])).toEqual([
      [
        `Cambió el rol en la tienda de ${names.customer} (${names.email})`,
        expect.not.stringContaining('('),
        [{ campo: 'Rol', antes: 'Ventas', despues: 'Encargado' }],
      ],
      [
        `Cambió el rol en la tienda de ${names.customer} (${names.email})`,
        `${names.customer} (Encargado)`,
        [{ campo: 'Rol', antes: 'Sin rol (cliente)', despues: 'Ventas' }],
      ],
    ]);
    expect(entry('tienda.editada')).toMatchObject({
      resumen: 'Editó la identidad de la tienda',
      sujeto: null,
    });
    expect(change('tienda.editada', 'Nombre')).toEqual({
      campo: 'Nombre',
      antes: 'Vitrina',
      despues: 'Casa Lola',
    });
    // The page is gone from its table; its entries still name it.
    expect(entry('pagina.borrada').resumen).toBe('Borró la página «Garantía extendida»');
    expect(entry('pagina.creada').resumen).toBe('Creó la página «Garantía extendida»');
    expect(change('pagina.editada', 'Texto')).toEqual({
      campo: 'Texto',
      antes: 'Un año más.',
      despues: 'Dos años más.',
    });
  });

  it('labels each value and writes money, states, categories and refunded units as the shop does', () => {
    expect(change('producto.editado', 'Precio')).toEqual({
      campo: 'Precio',
      antes: '$450.00',
      despues: '$1,299.90',
    });
    expect(change('producto.editado', 'Precio con descuento')?.antes).toBe('Sin descuento');
    expect(change('producto.editado', 'Precio con descuento')?.despues).toBe('$999.00');
    expect(change('producto.editado', 'Categoría')).toEqual({
      campo: 'Categoría',
      antes: names.categories[0],
      despues: names.categories[1],
    });
    expect(entry('producto.desactivado').cambios).toEqual([
      { campo: 'Estado', antes: 'Habilitado', despues: 'Inactivo' },
    ]);
    expect(entry('usuario.baneado').cambios).toEqual([
      { campo: 'Estado', antes: 'Activo', despues: 'Baneado' },
    ]);
    expect(entry('calificacion.ocultada').cambios).toEqual([
      { campo: 'Estado', antes: 'Visible', despues: 'Oculta' },
      { campo: 'Calificación', antes: '4 de 5 estrellas', despues: null },
    ]);
    expect(entry('pedido.estado').cambios).toEqual([
      { campo: 'Estado', antes: 'En preparación', despues: 'Enviado' },
      { campo: 'Transportista', antes: null, despues: 'Estafeta' },
      { campo: 'Número de guía', antes: null, despues: '1234567890' },
    ]);
    const partial = entries.filter((e) => e.accion === 'pedido.reembolsado').at(-1);
    expect(partial?.cambios.find((c) => c.campo === 'Unidades reembolsadas')).toEqual({
      campo: 'Unidades reembolsadas',
      antes: null,
      despues: `1 × ${names.product}`,
    });
    expect(partial?.cambios.find((c) => c.campo === 'Total reembolsado')?.despues).toMatch(
      /^\$[\d,]+\.\d{2}$/,
    );
    expect(change('pedido.reembolso_fallido', 'Motivo del rechazo')?.despues).toBe(
      'la tarjeta venció o fue cancelada',
    );
    expect(change('ajustes.editados', 'Tarifa de envío')?.despues).toBe('$9.90');
    expect(change('ajustes.editados', 'Envío gratis desde')?.despues).toBe('$1,500.00');
    expect(change('promocion.creada', 'Categorías')?.despues).toBe(names.categories[0]);
    expect(change('promocion.creada', 'Productos')?.despues).toBe(names.product);
    expect(entry('promocion.editada').cambios).toEqual([
      { campo: 'Hasta', antes: 'Sin fecha de fin', despues: '31 de diciembre de 2026' },
      { campo: 'Usos totales', antes: 'Sin límite', despues: '50' },
      { campo: 'Estado', antes: 'Activa', despues: 'Pausada' },
    ]);
    expect(entry('sinonimo.borrado').cambios).toEqual([
      { campo: 'Términos', antes: 'zorbeta, plimu, trasgo', despues: null },
      {
        campo: 'Sentido',
        antes: 'En un solo sentido: el primer término también encuentra los demás',
        despues: null,
      },
    ]);
  });
});
