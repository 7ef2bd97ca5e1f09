// What a page makes the browser download before the shopper can interact: every script and style sheet
// of a cold load in real Chromium, lazy route chunks included, measured from the responses themselves.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

/** One fixed level for every file, so figures compare across runs whatever the server sends. */
const GZIP_LEVEL = 9;

export function openBrowser() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * Signs in through the API the way the login form does (the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN)
 * and returns the cookies, for pages that only render for that user.
 */
export async function signIn(browser, baseUrl, { email, password }) {
  const context = await browser.newContext();
  try {
    await context.request.get(`${baseUrl}/api/health`);
    const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
    if (!xsrf) throw new Error('the server handed out no XSRF-TOKEN cookie');
    const response = await context.request.post(`${baseUrl}/api/usuario/login`, {
      data: { email, password },
      headers: { 'X-XSRF-TOKEN': xsrf.value },
    });
    if (!response.ok()) throw new Error(`sign-in as ${email} failed: ${response.status()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

function kindOf(response) {
  const type = response.headers()['content-type'] ?? '';
  if (type.includes('javascript')) return 'js';
  if (type.startsWith('text/css')) return 'css';
  return undefined;
}

async function describe(response, kind) {
  const body = await response.body();
  const sizes = await response.request().sizes();
  return {
    kind,
    path: new URL(response.url()).pathname,
    bytes: body.length,
    gzip: gzipSync(body, { level: GZIP_LEVEL }).length,
    served: sizes.responseBodySize,
    encoding: response.headers()['content-encoding'] ?? 'identity',
  };
}

function total(files) {
  return {
    files: files.length,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
    served: files.reduce((sum, f) => sum + f.served, 0),
  };
}

/**
 * Loads `url` in a fresh context (empty cache) and waits until the network has been quiet for half a
 * second: by then the entry, its preloads and the route's lazy chunk have run and the page is usable.
 */
export async function pageWeight(browser, url, { storageState } = {}) {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const pending = [];
    const onResponse = (response) => {
      const kind = kindOf(response);
      if (kind) pending.push(describe(response, kind));
    };
    page.on('response', onResponse);
    await page.goto(url, { waitUntil: 'networkidle' });
    // What arrives later (a chunk asked for after the quiet half second) is not counted, nor read after
    // the context has closed.
    page.off('response', onResponse);
    const files = await Promise.all(pending);
    return {
      js: total(files.filter((f) => f.kind === 'js')),
      css: total(files.filter((f) => f.kind === 'css')),
      files,
    };
  } finally {
    await context.close();
  }
}
