import type { LaunchOptions } from '@playwright/test';

/**
 * The browser both suites launch: Debian's headless shell of Chromium (`apt-get install
 * chromium-headless-shell`), the same engine as its `chromium` package without the desktop browser around
 * it — what Playwright itself runs headless tests in. A test tool's own browser download is not possible
 * here. The whole suite takes much less CPU than in `chromium --headless` (docs/decisions/021).
 */
export const BROWSER: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
