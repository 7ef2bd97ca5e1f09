import { crc32, deflateSync } from 'node:zlib';
import { CATALOG_CSV_COLUMNS } from '@vitrina/shared';
import { zipSync } from 'fflate';
import { ADMIN } from '../support/accounts';
import { apiAs } from '../support/api';
import { expect, test } from '../support/test';

/** A 1×1 PNG of one colour: each colour is another photo. */
function png(r: number, g: number, b: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, r, g, b]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Row = Partial<Record<(typeof CATALOG_CSV_COLUMNS)[number], string>>;
/** A cell as a spreadsheet writes it: quoted when it holds a comma or a quote. */
const cell = (value = '') => (/[",]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvOf = (rows: Row[]) =>
  [
    CATALOG_CSV_COLUMNS.join(','),
    ...rows.map((row) => CATALOG_CSV_COLUMNS.map((c) => cell(row[c])).join(',')),
  ].join('\r\n');

test('an owner imports 500 products with a ZIP of photos, and sees the row errors of a bad file', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const rows: Row[] = Array.from({ length: 500 }, (_, i) => ({
    producto: `maceta-${i}`,
    nombre: `Maceta ${tag} número ${i + 1}`,
    descripcion: 'Maceta de barro cocido con plato y agujero de drenaje.',
    categoria: 'Jardinería',
    producto_activo: 'sí',
    imagenes: `fotos/maceta-${i % 3}.png`,
    sku: `MAC-${tag}-${i + 1}`,
    precio: `${12 + (i % 7)}.50`,
    stock: String(1 + (i % 9)),
    activo: 'sí',
  }));
  const zip = zipSync({
    'fotos/maceta-0.png': png(190, 80, 40),
    'fotos/maceta-1.png': png(60, 140, 70),
    'fotos/maceta-2.png': png(40, 70, 160),
  });

  await (await apiAs(page.request)).signIn(ADMIN.email, ADMIN.password);
  await page.goto('/products/admin');
  await page.getByRole('link', { name: 'Importar / Exportar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar / Exportar' })).toBeVisible();

  await page.getByLabel('Archivo CSV').setInputFiles({
    name: 'catalogo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csvOf(rows)),
  });
  await page.getByLabel('Fotos (ZIP, opcional)').setInputFiles({
    name: 'fotos.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zip),
  });
  const importar = page.getByRole('button', { name: 'Importar', exact: true });
  await expect(importar).toBeDisabled();
  await page.getByRole('button', { name: 'Revisar' }).click();
  await expect(
    page.getByText(
      'Revisado sin errores: 500 productos nuevos y 0 actualizados. Pulsa Importar para aplicarlo.',
    ),
  ).toBeVisible({ timeout: 60_000 });
  await importar.click();
  await expect(page.getByText('Importado: 500 productos nuevos y 0 actualizados.')).toBeVisible({
    timeout: 90_000,
  });

  // The shop lists them, each with its photo from the ZIP.
  const found = await (
    await page.request.get(`/api/products?name=${encodeURIComponent(`Maceta ${tag} número 500`)}`)
  ).json();
  const product = found.items.find((p: { nombre: string }) => p.nombre === `Maceta ${tag} número 500`);
  expect(product.imagen).toMatch(/^\/uploads\/productos\/i[0-9a-f]{32}\.webp$/);
  await page.goto(`/products/${product.id_producto}`);
  await expect(page.getByRole('heading', { level: 1, name: `Maceta ${tag} número 500` })).toBeVisible();
  const photo = await page.request.get(product.imagen);
  expect(photo.status()).toBe(200);

  // A wrong file: its errors by row and column, and nothing to import.
  await page.goto('/admin/ajustes/importar');
  const bad = [
    { ...rows[0], precio: '12,50' },
    { ...rows[1], producto: 'otra', sku: `MAC-${tag}-nueva`, categoria: 'Muebles de luna' },
  ];
  await page.getByLabel('Archivo CSV').setInputFiles({
    name: 'malo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csvOf(bad)),
  });
  await page.getByRole('button', { name: 'Revisar' }).click();
  const errors = page.getByRole('table', { name: 'Errores por fila' });
  await expect(
    errors.getByRole('row', { name: /2 precio Usa punto para separar los decimales/ }),
  ).toBeVisible();
  await expect(
    errors.getByRole('row', { name: /3 categoria La categoría «Muebles de luna» no existe/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
});
