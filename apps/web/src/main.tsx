import './app/theme.css';
import { PAGE_STATE_ID } from '@vitrina/shared';

/*
 * The entry. A page the server rendered is readable, and its links and forms work, before any script
 * runs: its code (start.tsx) loads once the page has loaded and painted, so the pictures a shopper sees
 * come first on a slow network (docs/decisions/020). A page the browser renders needs its code at once.
 */
const start = () => void import('./start').then((app) => app.startApp());
/** The frame after the `load` event's has painted the page's pictures. */
const afterPaint = () => requestAnimationFrame(() => setTimeout(start));
if (document.getElementById(PAGE_STATE_ID) && document.readyState !== 'complete') {
  window.addEventListener('load', afterPaint, { once: true });
} else {
  start();
}
