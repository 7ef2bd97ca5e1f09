import { expectNoSevereViolations } from '../support/accessibility';
import { ADMIN } from '../support/accounts';
import { apiAs } from '../support/api';
import { expect, test } from '../support/test';

test("the owner sets the shop's low-stock threshold and the dashboard lists the variants at or below it", async ({
  page,
}) => {
  const api = await apiAs(page.request);
  await api.signIn(ADMIN.email, ADMIN.password);
  // A shirt in two sizes: M with 6 units (low only once the shop's threshold is 6 or more), L with 9
  // units against its own threshold of 10 (always low).
  const { items } = await (await page.request.get('/api/products?pageSize=1')).json();
  const nombre = `Camiseta cardenal ${Date.now().toString(36)}`;
  const sku = `CAR-${Date.now().toString(36)}`.toUpperCase();
  const created = await api.post('/api/products', {
    nombre,
    descripcion_producto: 'Camiseta de algodón peinado, corte recto.',
    valor: '120',
    id_categoria_producto: 1,
    imagen: items[0].imagen,
    opciones: [{ nombre: 'Talla', valores: ['M', 'L'] }],
    variantes: [
      { valores: ['M'], sku: `${sku}-M`, stock: 6 },
      { valores: ['L'], sku: `${sku}-L`, stock: 9, stock_minimo: 10 },
    ],
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id_producto } = await created.json();

  await page.goto('/admin/ajustes');
  const inventory = page.getByRole('region', { name: 'Inventario' });
  const threshold = inventory.getByLabel('Stock mínimo');
  await expect(threshold).toHaveValue('5');
  await threshold.fill('tres');
  await inventory.getByRole('button', { name: 'Guardar inventario' }).click();
  await expect(inventory.getByText('El stock mínimo debe ser un número entero de 0 a 10000')).toBeVisible();
  await expect(threshold).toBeFocused();
  await threshold.fill('6');
  await inventory.getByRole('button', { name: 'Guardar inventario' }).click();
  await expect(page.getByText('Inventario guardado')).toBeVisible();
  await expectNoSevereViolations(page);

  try {
    await page.goto('/adminHome');
    const low = page.getByRole('article', { name: /^Stock bajo: \d+$/ });
    const medium = low.getByRole('link', { name: `${nombre} (Talla M)` });
    await expect(medium).toHaveAttribute('href', `/product/${id_producto}`);
    await expect(low.getByText(`SKU ${sku}-L`)).toBeVisible();
    await expect(low.getByRole('listitem').filter({ hasText: `${sku}-M` })).toContainText(
      '6 unidades · mínimo 6',
    );
    await expect(low.getByRole('listitem').filter({ hasText: `${sku}-L` })).toContainText(
      '9 unidades · mínimo 10',
    );
    await medium.click();
    await expect(page).toHaveURL(new RegExp(`/product/${id_producto}$`));
  } finally {
    // Other specs share the shop: its default goes back as it was.
    await api.put('/api/ajustes/inventario', { stock_minimo: 5 });
    await api.put(`/api/products/delete/${id_producto}`, { estado: false });
  }
});
