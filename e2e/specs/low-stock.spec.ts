import { expectNoSevereViolations } from '../support/accessibility';
import { ADMIN } from '../support/accounts';
import { apiAs } from '../support/api';
import { expect, test } from '../support/test';

test("the owner sets the shop's low-stock threshold and the dashboard lists the variants at or below it", async ({
  page,
}) => {
  const api = await apiAs(page.request);
  await api.signIn(ADMIN.email, ADMIN.password);
  // A coat in two sizes: M with 6 units (low only once the shop's threshold is 6 or more), L sold out
  // against its own threshold of 10. Other specs share the shop and its dashboard lists ten variants,
  // fewest units first, then by name: L (0 units, a name early in the alphabet) is among them whatever
  // else is low; M is checked where its product is found by name, the products table.
  const { items } = await (await page.request.get('/api/products?pageSize=1')).json();
  const nombre = `Abrigo cardenal ${Date.now().toString(36)}`;
  const sku = `CAR-${Date.now().toString(36)}`.toUpperCase();
  const created = await api.post('/api/products', {
    nombre,
    descripcion_producto: 'Abrigo de paño de lana, corte recto.',
    valor: '120',
    id_categoria_producto: 1,
    imagen: items[0].imagen,
    opciones: [{ nombre: 'Talla', valores: ['M', 'L'] }],
    variantes: [
      { valores: ['M'], sku: `${sku}-M`, stock: 6 },
      { valores: ['L'], sku: `${sku}-L`, stock: 0, stock_minimo: 10 },
    ],
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id_producto } = await created.json();
  const productsTable = `/products/admin?name=${encodeURIComponent(nombre)}`;
  await page.goto(productsTable);
  await expect(page.getByText('Stock bajo: Talla L (0)', { exact: true })).toBeVisible();

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
    await page.goto(productsTable);
    await expect(page.getByText('Stock bajo: Talla M (6), Talla L (0)', { exact: true })).toBeVisible();

    await page.goto('/adminHome');
    const low = page.getByRole('article', { name: /^Stock bajo: \d+$/ });
    const large = low.getByRole('link', { name: `${nombre} (Talla L)` });
    await expect(large).toHaveAttribute('href', `/product/${id_producto}`);
    await expect(low.getByRole('listitem').filter({ hasText: `${sku}-L` })).toContainText(
      'agotada · mínimo 10',
    );
    await large.click();
    await expect(page).toHaveURL(new RegExp(`/product/${id_producto}$`));
  } finally {
    // Other specs share the shop: its default goes back as it was.
    await api.put('/api/ajustes/inventario', { stock_minimo: 5 });
    await api.put(`/api/products/delete/${id_producto}`, { estado: false });
  }
});
