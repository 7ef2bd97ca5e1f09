import { expectNoSevereViolations } from '../support/accessibility';
import { expect, test } from '../support/test';

const PAGES = [
  ['home', '/', 'Ofertas destacadas'],
  ['listing', '/products/categoria/1', 'Indumentaria'],
  ['search results', '/products/todos?name=camiseta', 'Camiseta'],
  ['about', '/about', 'Desarrollador web'],
  ['password recovery', '/recuperar', '¿Olvidaste tu contraseña?'],
  ['new password by link', '/restablecer#token=enlace-de-prueba', 'Elige una contraseña nueva'],
] as const;

for (const [name, path, ready] of PAGES) {
  test(`axe finds no serious or critical violation on ${name}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await expectNoSevereViolations(page);
  });
}

test('axe finds no serious or critical violation on a product page', async ({ page, request }) => {
  const { items } = await (await request.get('/api/products?descuento=true&pageSize=1')).json();
  await page.goto(`/products/${items[0].id_producto}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(items[0].nombre);
  await expect(page.getByRole('heading', { name: 'Opiniones' })).toBeVisible();
  await expectNoSevereViolations(page);
});
