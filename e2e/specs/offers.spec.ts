import { expect, test } from '../support/test';

test('the offers carousel has a slide for every active discounted product', async ({ page, request }) => {
  const { total } = await (await request.get('/api/products/filter/descuento/true?pageSize=1')).json();
  expect(total).toBeGreaterThan(24); // the demo shop has more offers than one page of the old carousel
  await page.goto('/');
  const slides = page.getByRole('region', { name: 'Ofertas destacadas' }).getByRole('group');
  await expect(slides).toHaveCount(total);
  await expect(slides.last()).toHaveAccessibleName(`${total} de ${total}`);
  // Pictures past the visible slides wait until they are scrolled to.
  await expect(slides.last().locator('img')).toHaveAttribute('loading', 'lazy');
});
