import type { Page } from '@playwright/test';
import { PAGES, pagePath } from '@vitrina/shared';
import { ADMIN, CUSTOMER } from '../support/accounts';
import { apiAs } from '../support/api';
import { expect, test } from '../support/test';

/*
 * No storefront page logs anything to the console, for a visitor, a customer or an administrator: a
 * visitor's session lookup answers 200 with null (decision 013), not a 401 the browser reports. Nor does
 * anything break the Content-Security-Policy (zod's probe for `new Function` once did, on every form).
 */

const WHO = {
  visitor: null,
  customer: CUSTOMER,
  admin: ADMIN,
} as const;

/**
 * Every console message of level error or warning, every uncaught error, and every Content-Security-Policy
 * violation (which Chromium reports to DevTools' issues, not to the console), the page logs.
 */
async function watchConsole(page: Page): Promise<string[]> {
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP ${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}`),
    ),
  );
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      logged.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
  return logged;
}

for (const [who, account] of Object.entries(WHO)) {
  test(`no storefront page logs a console error or warning for ${who === 'visitor' ? 'a visitor' : `the ${who}`}`, async ({
    page,
    request,
  }) => {
    const { items } = await (await request.get('/api/products?pageSize=1')).json();
    const productId = items[0].id_producto as number;
    if (account) await (await apiAs(page.request)).signIn(account.email, account.password);
    const logged = await watchConsole(page);

    const pages = [
      pagePath(PAGES.home),
      pagePath(PAGES.allProducts),
      pagePath(PAGES.category, 1),
      pagePath(PAGES.product, productId),
      pagePath(PAGES.about),
      pagePath(PAGES.login),
      pagePath(PAGES.register),
      pagePath(PAGES.cart),
    ];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(logged, `${path} as ${who}`).toEqual([]);
    }
  });
}
