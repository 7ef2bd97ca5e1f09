import type { Page } from '@playwright/test';

/** The sandbox's test card that is always approved. */
export const APPROVED_CARD = '4242 4242 4242 4242';

/** Fills the checkout's card fields: `numero` (the approved card unless given), a valid expiry and CVC. */
export async function fillCard(page: Page, { numero = APPROVED_CARD, nombre = 'Prueba Playwright' } = {}) {
  await page.getByLabel('Número de tarjeta').fill(numero);
  await page.getByLabel('Vencimiento').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Nombre en la tarjeta').fill(nombre);
}
