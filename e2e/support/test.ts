import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Resolves once the app has taken over the page: at once for a page the browser renders itself; for a
 * storefront page the server rendered (docs/decisions/020), when React has hydrated its markup. Before
 * that, links and forms work as plain HTML but a button's handler is not attached yet, so a test that
 * clicks one the moment it is visible would race the hydration.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.getElementById('estado-de-pagina')) return true;
    const skipLink = document.querySelector('#root a[href="#contenido"]');
    return skipLink !== null && Object.keys(skipLink).some((key) => key.startsWith('__reactProps$'));
  });
}

/** Playwright's test, whose page.goto and page.reload also wait for hydrated() when scripts run. */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) return use(page);
    const { goto, reload } = page;
    page.goto = async (...args) => {
      const response = await goto.apply(page, args);
      await hydrated(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload.apply(page, args);
      await hydrated(page);
      return response;
    };
    await use(page);
  },
});
