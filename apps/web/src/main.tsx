import './lib/zod-jitless';
import './app/theme.css';
import { PAGE_STATE_ID } from '@vitrina/shared';

/*
 * The entry. A page the server rendered is readable, and its links and forms work, before any script
 * runs: its code (start.tsx) loads once the page's pictures have loaded and painted, so they come first
 * on a slow network (docs/decisions/038-page-first-then-code.md). A page the browser renders needs its code at once.
 */

/** How long the app waits for a picture to be shown as the largest paint, once the pictures are decoded. */
const PICTURE_WAIT_MS = 250;

/** A macrotask boundary: what comes after runs in a task of its own, so input and paint can go between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Loads and starts the app in three tasks instead of one: React's DOM renderer, then the app's own
 * modules, then the app's start. On a slow phone each is a few tens of milliseconds, where together they
 * held the main thread for about a hundred.
 */
async function start() {
  await import('react-dom/client');
  await nextTask();
  const app = await import('./start');
  await nextTask();
  app.startApp();
}

/**
 * Resolves once the browser has reported a picture as the page's largest paint, which it does only after
 * showing it on screen, or after `ms` on a page whose largest paint is text.
 */
function pictureShown(ms: number) {
  return new Promise<void>((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      const latest = list.getEntries().at(-1) as LargestContentfulPaint | undefined;
      if (latest?.element instanceof HTMLImageElement) done();
    });
    const timer = setTimeout(done, ms);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** The page's eager pictures decoded and shown, then the app. */
async function afterPictures() {
  const eager = [...document.images].filter((image) => image.loading !== 'lazy');
  await Promise.all(eager.map((image) => image.decode().catch(() => undefined)));
  await pictureShown(PICTURE_WAIT_MS);
  await nextTask();
  await start();
}

if (document.getElementById(PAGE_STATE_ID) && document.readyState !== 'complete') {
  window.addEventListener('load', () => void afterPictures(), { once: true });
} else {
  void start();
}
