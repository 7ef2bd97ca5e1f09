import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './test';

/**
 * Axe's rules as shipped, plus one it keeps experimental: a control's accessible name must contain its
 * visible words (WCAG 2.5.3 Label in Name), so a voice user can say what they see ('Indumentaria 10').
 */
const RULES = { 'label-content-name-mismatch': { enabled: true } };

/** Axe on the page with the suite's rules. */
export const axe = (page: Page) => new AxeBuilder({ page }).options({ rules: RULES });

/** What one axe run may take on a busy machine (three browsers on two cores): it took 20 s once. */
const AXE_RUN_MS = 20_000;

/**
 * Runs axe on the page as it is and expects no serious or critical violation, each one named by its rule
 * and elements, after `label` (a test that checks several pages gives each one's path). Every run adds
 * its time to the test's, so a test that checks three pages is not timed as if it checked none.
 */
export async function expectNoSevereViolations(page: Page, label = '') {
  test.info().setTimeout(test.info().timeout + AXE_RUN_MS);
  const { violations } = await axe(page).analyze();
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => `${label}${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}
