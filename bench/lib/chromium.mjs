// Debian's Chromium, the browser the e2e suite uses too: a test tool's own browser download is not
// possible on these machines.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless on a shared machine: no sandbox (root in a container), no GPU, no background traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
