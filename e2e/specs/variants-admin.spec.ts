import { expectNoSevereViolations } from '../support/accessibility';
import { ADMIN } from '../support/accounts';
import { apiAs, TINY_PNG } from '../support/api';
import { expect, test } from '../support/test';

const SIZES = ['S', 'M', 'L'];
const COLOURS = ['Rojo', 'Azul'];

test('the owner creates a T-shirt in three sizes and two colours with photos, and edits it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36).toUpperCase();
  const nombre = `Camiseta básica ${suffix}`;
  const sku = (talla: string, color: string) => `CAM-${suffix}-${talla}-${color.slice(0, 1)}`;

  await (await apiAs(page.request)).signIn(ADMIN.email, ADMIN.password);
  await page.goto('/producto');
  await page.getByLabel('Nombre', { exact: true }).fill(nombre);
  await page.getByLabel('Descripción', { exact: true }).fill('Camiseta de algodón peinado, corte recto.');
  await page.getByLabel('Precio', { exact: true }).fill('20');
  await page.getByLabel('Categoría', { exact: true }).selectOption({ label: 'Indumentaria' });
  await page.getByLabel('Imagen', { exact: true }).setInputFiles([
    { name: 'frente.png', mimeType: 'image/png', buffer: TINY_PNG },
    { name: 'espalda.png', mimeType: 'image/png', buffer: TINY_PNG },
  ]);
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen 2' })).toBeVisible();
  await page.getByLabel('Texto alternativo de la foto 2').fill('Espalda de la camiseta');

  // The options, typed from the keyboard: the new option's name has the focus.
  await page.getByRole('button', { name: 'Añadir opción' }).click();
  await page.keyboard.type('Talla');
  await page.getByLabel('Valores de la opción 1', { exact: true }).fill(SIZES.join(', '));
  await page.getByRole('button', { name: 'Añadir opción' }).click();
  await expect(page.getByLabel('Nombre de la opción 2', { exact: true })).toBeFocused();
  await page.keyboard.type('Color');
  await page.getByLabel('Valores de la opción 2', { exact: true }).fill(COLOURS.join(', '));
  // With options, the variants carry the stock.
  await expect(page.getByLabel('Stock', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Generar combinaciones' }).click();

  const table = page.getByRole('table', { name: /^Variantes: 6/ });
  await expect(table.getByRole('rowheader')).toHaveText(
    SIZES.flatMap((talla) => COLOURS.map((color) => `Talla ${talla} · ${color}`)),
  );
  await page.getByLabel('Stock para varias variantes').fill('10');
  await page.getByRole('button', { name: 'Aplicar stock a todas' }).click();
  for (const talla of SIZES) {
    for (const color of COLOURS) {
      await page.getByLabel(`SKU de Talla ${talla} · ${color}`, { exact: true }).fill(sku(talla, color));
    }
  }
  await page.getByLabel('Stock de Talla M · Azul', { exact: true }).fill('2');
  await page.getByLabel('Precio de Talla L · Rojo', { exact: true }).fill('24.50');
  await page
    .getByLabel('Foto de Talla S · Azul', { exact: true })
    .selectOption({ label: 'Foto 2: Espalda de la camiseta' });
  await expect(table.locator('caption')).toHaveText('Variantes: 6. Stock total: 52 unidades');
  await expectNoSevereViolations(page, '/producto: ');

  await page.getByRole('button', { name: 'Crear producto' }).click();
  // Slower than other saves while a fresh shop still sizes its demo photos (main.ts).
  await expect(page).toHaveURL(/\/adminHome$/, { timeout: 30_000 });

  const found = await (await page.request.get(`/api/products?name=${encodeURIComponent(nombre)}`)).json();
  const id: number = found.items[0].id_producto;
  const saved = await (await page.request.get(`/api/products/${id}`)).json();
  expect(saved.opciones).toEqual([
    { nombre: 'Talla', valores: SIZES },
    { nombre: 'Color', valores: COLOURS },
  ]);
  expect(saved.variantes).toHaveLength(6);
  expect(saved.stock).toBe(52);
  expect(saved.imagenes).toHaveLength(2);
  const bySku = (talla: string, color: string) =>
    saved.variantes.find((v: { sku: string }) => v.sku === sku(talla, color));
  expect(bySku('M', 'Azul')).toMatchObject({ valores: ['M', 'Azul'], stock: 2, valor: 20 });
  expect(bySku('L', 'Rojo')).toMatchObject({ valor: 24.5 });
  expect(bySku('S', 'Azul').imagen).toBe(saved.imagenes[1].url);

  await page.goto(`/products/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();

  // The admin table: the total, and the variant running low named under it.
  await page.goto(`/products/admin?name=${encodeURIComponent(nombre)}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: nombre }) });
  await expect(row).toContainText('52');
  await expect(row).toContainText('Stock bajo: Talla M · Azul (2)');

  // Editing starts from the stored variants; a taken SKU is said next to its row and nothing is lost.
  await page.goto(`/product/${id}`);
  await expect(page.getByLabel('SKU de Talla L · Azul', { exact: true })).toHaveValue(sku('L', 'Azul'));
  const other = await (await page.request.get('/api/products/1')).json();
  const otherSku: string = other.variantes[0].sku;
  await page.getByLabel('SKU de Talla L · Azul', { exact: true }).fill(otherSku);
  await page.getByLabel('Stock de Talla S · Rojo', { exact: true }).fill('12');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sí' }).click();
  const taken = page.getByLabel('SKU de Talla L · Azul', { exact: true });
  await expect(taken).toHaveAccessibleDescription(`El SKU ${otherSku} ya lo usa otro producto`);
  await expect(page.getByLabel('Stock de Talla S · Rojo', { exact: true })).toHaveValue('12');

  await taken.fill(sku('L', 'Azul'));
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByText('¡Producto actualizado!')).toBeVisible();
  const edited = await (await page.request.get(`/api/products/${id}`)).json();
  expect(edited.stock).toBe(54);
  expect(edited.variantes.map((v: { id_variante: number }) => v.id_variante).sort()).toEqual(
    saved.variantes.map((v: { id_variante: number }) => v.id_variante).sort(),
  );
});
