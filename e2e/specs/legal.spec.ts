import { expect, test } from '../support/test';

test('the terms and the privacy notice open from login and the footer, and the server titles them', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await page.getByRole('main').getByRole('link', { name: 'Términos de uso' }).click();
  await expect(page).toHaveURL(/\/terminos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Términos de uso' })).toBeVisible();
  await expect(page).toHaveTitle('Términos de uso | Vitrina');

  await page
    .getByRole('navigation', { name: 'Pie de página' })
    .getByRole('link', { name: 'Aviso de privacidad' })
    .click();
  await expect(page).toHaveURL(/\/privacidad$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeVisible();

  for (const [path, title] of [
    ['/terminos', 'Términos de uso'],
    ['/privacidad', 'Aviso de privacidad'],
  ] as const) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(await res.text(), path).toContain(`<title>${title} | Vitrina</title>`);
  }
});
