/*
 * Zod checks whether it may compile its parsers by trying `new Function` once, when the first object
 * schema is built. Our Content-Security-Policy forbids that (script-src without 'unsafe-eval'), so every
 * page that loaded a form's schema reported a CSP violation. Zod keeps its settings in this global (so
 * that copies of it agree): set before any schema is built, as `z.config({ jitless: true })` would,
 * without bringing zod's core into every page's first load (4 KB gzip). The entry imports this first;
 * e2e/specs/console.spec.ts fails on any CSP violation (docs/decisions/110).
 */
const settings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
settings.__zod_globalConfig = { ...settings.__zod_globalConfig, jitless: true };
