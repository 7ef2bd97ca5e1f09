// Lighthouse in Debian's Chromium. Its performance score moves from run to run on a shared machine, so
// every page is audited several times and the median run (Lighthouse's own pick) is the one reported.
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Mobile is Lighthouse's default (a mid-range phone on slow 4G, simulated); desktop is its preset. */
const PRESETS = { mobile: undefined, desktop: desktopConfig };

/** Runs `use(port)` with one headless Chromium for Lighthouse to drive, and closes it afterwards. */
export async function withLighthouseChrome(use) {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    return await use(chrome.port);
  } finally {
    chrome.kill();
  }
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The audits of a category that did not pass, so a score below 100 says why (performance: see metrics). */
function failing(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
}

/** Tries per run: on a busy machine Lighthouse now and then fails to record a trace and asks to retry. */
const ATTEMPTS = 3;

async function auditOnce(port, url, preset) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      PRESETS[preset],
    );
    if (!lhr.runtimeError) return lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    console.error(`  Lighthouse ${preset} ${url}: ${lhr.runtimeError.code}, trying again`);
  }
}

/** `runs` audits of `url` with the given preset; the median run's scores and metrics. */
export async function audit(port, url, preset, runs) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await auditOnce(port, url, preset));
  const median = computeMedianRun(results);
  return {
    preset,
    performance: score(median, 'performance'),
    accessibility: score(median, 'accessibility'),
    bestPractices: score(median, 'best-practices'),
    seo: score(median, 'seo'),
    performanceRuns: results.map((lhr) => score(lhr, 'performance')),
    lcpMs: Math.round(median.audits['largest-contentful-paint'].numericValue),
    cls: Number(median.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    tbtMs: Math.round(median.audits['total-blocking-time'].numericValue),
    failing: Object.fromEntries(
      CATEGORIES.filter((category) => category !== 'performance').map((category) => [
        category,
        failing(median, category),
      ]),
    ),
    warnings: median.runWarnings,
  };
}
