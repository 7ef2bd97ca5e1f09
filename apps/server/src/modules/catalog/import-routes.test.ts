import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG_CSV_COLUMNS, LOW_STOCK_INVALID } from '@vitrina/shared';
import { count, eq, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, categoriaProducto, producto, productoImagen, variante } from '../../db/schema';
import { Agent } from '../../test/agent';
import { seededTestApp, type TestApp } from '../../test/app';
import { TEST_DATABASE_KINDS } from '../../test/databases';

/** A multipart/form-data body as the Ajustes screen sends it: the CSV and, maybe, the ZIP. */
function importBody(csv: string | Buffer, zip?: Uint8Array) {
  const boundary = '----vitrinaImportBoundary';
  const part = (name: string, filename: string, type: string, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  const parts = [part('archivo', 'catalogo.csv', 'text/csv', Buffer.isBuffer(csv) ? csv : Buffer.from(csv))];
  if (zip) parts.push(part('imagenes', 'fotos.zip', 'application/zip', Buffer.from(zip)));
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Row = Partial<Record<(typeof CATALOG_CSV_COLUMNS)[number], string>>;
const csvOf = (rows: Row[], delimiter = ',') =>
  [
    CATALOG_CSV_COLUMNS.join(delimiter),
    ...rows.map((row) =>
      CATALOG_CSV_COLUMNS.map((c) => {
        const v = row[c] ?? '';
        return /[",;\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
      }).join(delimiter),
    ),
  ].join('\r\n');

const png = (seed: number) =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: { r: seed, g: 80, b: 120 } } })
    .png()
    .toBuffer();

describe.each(TEST_DATABASE_KINDS)('the catalog in and out by CSV, on %s', (kind) => {
  let t: TestApp;
  let admin: Agent;
  let category: string;
  let photo: string;

  beforeAll(async () => {
    t = await seededTestApp(kind);
    admin = new Agent(t.app);
    await admin.signIn(t.config.admin.email, t.config.admin.password);
    const [first] = await t.db.select().from(categoriaProducto).limit(1);
    category = first?.nombre_categoria_producto ?? '';
    const [stored] = await t.db.select({ url: productoImagen.url }).from(productoImagen).limit(1);
    photo = stored?.url ?? '';
  });
  afterAll(() => t?.close());

  const send = async (csv: string | Buffer, options: { dryRun?: boolean; zip?: Uint8Array } = {}) => {
    const { body, headers } = importBody(csv, options.zip);
    const url = `/api/products/import${options.dryRun ? '?dry_run=true' : ''}`;
    return admin.request('POST', url, body, headers);
  };
  const imported = async (csv: string | Buffer, options: { dryRun?: boolean; zip?: Uint8Array } = {}) => {
    const res = await send(csv, options);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      creados: number;
      actualizados: number;
      errores: Array<{ fila: number; columna: string; mensaje: string }>;
    };
  };
  const exported = async () => {
    const res = await admin.get('/api/products/export.csv');
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const tally = async () => ({
    productos: (await t.db.select({ n: count() }).from(producto))[0]?.n,
    variantes: (await t.db.select({ n: count() }).from(variante))[0]?.n,
    auditoria: (await t.db.select({ n: count() }).from(auditoria))[0]?.n,
  });

  const shirt = (sku: string, talla: string, extra: Row = {}): Row => ({
    producto: 'camiseta-lino',
    opcion1_nombre: 'Talla',
    opcion1_valor: talla,
    sku,
    precio: '25.50',
    stock: '4',
    activo: 'sí',
    ...extra,
  });
  const shirtRows = (extra: Row = {}) => [
    shirt('CAM-LINO-S', 'S', {
      nombre: 'Camiseta de lino',
      descripcion: 'Camiseta fresca de lino lavado, corte recto.',
      categoria: category,
      producto_activo: 'sí',
      imagenes: photo,
      ...extra,
    }),
    shirt('CAM-LINO-M', 'M', { precio_descuento: '19.99' }),
  ];

  it('exports every product with its variants, and importing that file back changes nothing', async () => {
    const csv = await exported();
    expect(csv.startsWith('\uFEFFproducto,nombre,descripcion,categoria')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines.length).toBeGreaterThan(10);
    const before = await tally();
    expect(await imported(csv, { dryRun: true })).toEqual({ creados: 0, actualizados: 0, errores: [] });
    expect(await imported(csv)).toEqual({ creados: 0, actualizados: 0, errores: [] });
    expect(await tally()).toEqual(before);
    expect(await exported()).toBe(csv);
  });

  it('creates by SKU, then updates by SKU, and the same file twice changes nothing', async () => {
    const before = await tally();
    expect(await imported(csvOf(shirtRows()), { dryRun: true })).toEqual({
      creados: 1,
      actualizados: 0,
      errores: [],
    });
    expect(await tally()).toEqual(before);
    expect(await imported(csvOf(shirtRows()))).toEqual({ creados: 1, actualizados: 0, errores: [] });
    const [created] = await t.db.select().from(producto).where(eq(producto.nombre, 'Camiseta de lino'));
    expect(created).toMatchObject({ valor: '25.50', valor_descuento: '19.99', stock: 8, precio_varia: true });
    expect(created?.opciones).toEqual([{ nombre: 'Talla', valores: ['S', 'M'] }]);
    expect(await imported(csvOf(shirtRows()))).toEqual({ creados: 0, actualizados: 0, errores: [] });

    const changed = shirtRows({ nombre: 'Camiseta de lino lavado' });
    changed[1] = shirt('cam-lino-m', 'M', { stock: '10', stock_minimo: '3' });
    expect(await imported(csvOf(changed))).toEqual({ creados: 0, actualizados: 1, errores: [] });
    const variants = await t.db
      .select()
      .from(variante)
      .where(eq(variante.id_producto, created?.id_producto ?? 0))
      .orderBy(variante.id_variante);
    expect(variants.map((v) => [v.sku, v.stock, v.valor_descuento, v.stock_minimo])).toEqual([
      ['CAM-LINO-S', 4, null, null],
      ['cam-lino-m', 10, null, 3],
    ]);
    expect(await exported()).toContain('cam-lino-m,25.50,,10,3,sí');
    const after = await tally();
    expect(after.productos).toBe((before.productos ?? 0) + 1);
  });

  it('lists each wrong row and column in Spanish and applies nothing', async () => {
    const before = await tally();
    const res = await imported(
      csvOf([
        {
          producto: 'a',
          nombre: 'Mate de calabaza',
          descripcion: 'Mate curado a mano con virola de alpaca.',
          categoria: 'Categoría inventada',
          imagenes: photo,
          sku: 'MATE-1',
          precio: '12,50',
          stock: '3',
        },
        {
          producto: 'b',
          nombre: 'Bombilla',
          descripcion: 'Bombilla de acero inoxidable con filtro.',
          categoria: category,
          imagenes: photo,
          sku: '',
          precio: '8',
          precio_descuento: '9',
          stock: 'muchos',
          stock_minimo: 'pocos',
          activo: 'quizás',
        },
      ]),
    );
    expect(res.creados).toBe(0);
    expect(res.errores).toEqual(
      expect.arrayContaining([
        {
          fila: 2,
          columna: 'categoria',
          mensaje: expect.stringContaining('«Categoría inventada» no existe'),
        },
        { fila: 2, columna: 'precio', mensaje: 'Usa punto para separar los decimales' },
        { fila: 3, columna: 'sku', mensaje: expect.stringContaining('Indica el SKU') },
        { fila: 3, columna: 'stock', mensaje: 'Ingresa un número válido' },
        { fila: 3, columna: 'stock_minimo', mensaje: LOW_STOCK_INVALID },
        { fila: 3, columna: 'activo', mensaje: 'Escribe sí o no' },
      ]),
    );
    expect(await tally()).toEqual(before);
  });

  it('stores the photos of the ZIP once, with their sizes, so importing them again changes nothing', async () => {
    const zip = zipSync({ 'fotos/frente.png': await png(10), 'dorso.png': await png(200) });
    const rows: Row[] = [
      {
        producto: 'taza',
        nombre: 'Taza esmaltada',
        descripcion: 'Taza de gres esmaltada, apta para lavavajillas.',
        categoria: category,
        imagenes: 'frente.png|DORSO.png',
        sku: 'TAZA-ESM',
        precio: '15',
        stock: '6',
      },
    ];
    const missing = await imported(csvOf(rows), { dryRun: true });
    expect(missing.errores).toEqual([
      { fila: 2, columna: 'imagenes', mensaje: expect.stringContaining('frente.png') },
      { fila: 2, columna: 'imagenes', mensaje: expect.stringContaining('DORSO.png') },
    ]);
    expect(await imported(csvOf(rows), { zip })).toEqual({ creados: 1, actualizados: 0, errores: [] });
    const [taza] = await t.db.select().from(producto).where(eq(producto.nombre, 'Taza esmaltada'));
    const photos = await t.db
      .select()
      .from(productoImagen)
      .where(eq(productoImagen.id_producto, taza?.id_producto ?? 0))
      .orderBy(productoImagen.posicion);
    expect(photos).toHaveLength(2);
    expect(taza?.imagen).toBe(photos[0]?.url);
    for (const { url } of photos) {
      expect(url).toMatch(/^\/uploads\/productos\/i[0-9a-f]{32}\.webp$/);
      for (const file of [url, url.replace('.webp', '-400w.webp')]) {
        expect(existsSync(join(t.config.uploadsDir, file.replace(/^\/uploads\//, '')))).toBe(true);
      }
    }
    expect(await imported(csvOf(rows), { zip })).toEqual({ creados: 0, actualizados: 0, errores: [] });

    const notImage = zipSync({
      'frente.png': new TextEncoder().encode('no soy una foto'),
      'dorso.png': await png(3),
    });
    const bad = await imported(csvOf([{ ...rows[0], sku: 'TAZA-2', producto: 'taza2' }]), { zip: notImage });
    expect(bad.errores).toEqual([
      { fila: 2, columna: 'imagenes', mensaje: 'La foto «frente.png» no es una imagen válida' },
    ]);
    expect((await send(csvOf(rows), { zip: new Uint8Array([1, 2, 3]) })).json().message).toBe(
      'El archivo de fotos no es un ZIP válido.',
    );
  });

  it('rolls the whole import back when the database refuses a late row', async () => {
    await t.db.execute(sql`CREATE FUNCTION rechaza_prueba() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.nombre = 'Producto rechazado' THEN
          RAISE EXCEPTION 'rechazado' USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
      END $$`);
    await t.db.execute(
      sql`CREATE TRIGGER rechaza_prueba BEFORE UPDATE ON producto FOR EACH ROW EXECUTE FUNCTION rechaza_prueba()`,
    );
    try {
      const before = await tally();
      const good = (n: number): Row => ({
        producto: `bueno-${n}`,
        nombre: `Producto bueno ${n}`,
        descripcion: 'Un producto que se guardaría sin problema.',
        categoria: category,
        imagenes: photo,
        sku: `BUENO-${n}`,
        precio: '10',
        stock: '1',
      });
      const rows = [good(1), good(2), ...shirtRows({ nombre: 'Producto rechazado' })];
      const res = await imported(csvOf(rows));
      expect(res).toEqual({
        creados: 0,
        actualizados: 0,
        errores: [{ fila: 4, columna: 'producto', mensaje: expect.stringContaining('no se importó nada') }],
      });
      expect(await tally()).toEqual(before);
      expect(await t.db.select().from(producto).where(eq(producto.nombre, 'Producto bueno 1'))).toEqual([]);
    } finally {
      await t.db.execute(sql`DROP TRIGGER rechaza_prueba ON producto`);
      await t.db.execute(sql`DROP FUNCTION rechaza_prueba()`);
    }
  });

  it('reads Excel files: semicolons, a BOM, Windows-1252 accents; formulas stay text and export neutralised', async () => {
    const row: Row = {
      producto: 'excel',
      nombre: '=HIPERVINCULO("x")',
      descripcion: 'Cuaderno de tapa dura, hojas lisas; 96 páginas.',
      categoria: category,
      imagenes: photo,
      sku: 'CUAD-EXCEL',
      precio: '7.25',
      stock: '2',
    };
    const semicolons = `\uFEFF${csvOf([row], ';')}`;
    expect(await imported(semicolons)).toEqual({ creados: 1, actualizados: 0, errores: [] });
    const [stored] = await t.db.select().from(producto).where(eq(producto.nombre, '=HIPERVINCULO("x")'));
    expect(stored?.descripcion_producto).toBe('Cuaderno de tapa dura, hojas lisas; 96 páginas.');
    const csv = await exported();
    expect(csv).toContain(`"'=HIPERVINCULO(""x"")"`);
    expect(await imported(csv)).toEqual({ creados: 0, actualizados: 0, errores: [] });

    const latin1 = Buffer.from(
      csvOf([{ ...row, nombre: 'Cuaderno Ñandú', producto: 'l1', sku: 'CUAD-L1' }]),
      'latin1',
    );
    expect(await imported(latin1)).toEqual({ creados: 1, actualizados: 0, errores: [] });
    expect(await t.db.select().from(producto).where(eq(producto.nombre, 'Cuaderno Ñandú'))).toHaveLength(1);
  });

  it('refuses files that are not a catalog CSV with a Spanish message', async () => {
    const message = async (csv: string | Buffer) => {
      const res = await send(csv);
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await message(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]))).toBe(
      'El archivo no es un CSV de texto. Guárdalo desde tu planilla como «CSV UTF-8».',
    );
    expect(await message('nombre,precio\r\nMate,3')).toMatch(
      /^Faltan columnas en el CSV: descripcion, categoria/,
    );
    expect(await message(`${CATALOG_CSV_COLUMNS.join(',')}\r\n`)).toBe('El CSV no tiene filas de productos.');
    expect(await message(`${CATALOG_CSV_COLUMNS.join(',')}\r\n"sin cerrar,`)).toBe(
      'El CSV no se puede leer: revisa las comillas.',
    );
    expect(await message(`${CATALOG_CSV_COLUMNS.join(',')},precioo\r\nx`)).toBe(
      'Columnas que no conocemos: precioo.',
    );
    const tooMany = `${CATALOG_CSV_COLUMNS.join(',')}\r\n${'a\r\n'.repeat(20_001)}`;
    expect(await message(tooMany)).toBe('El CSV admite hasta 20.000 filas.');
    const none = await admin.request('POST', '/api/products/import', { archivo: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Elige el archivo CSV del catálogo.');
  });
});
