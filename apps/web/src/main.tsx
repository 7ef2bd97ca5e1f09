import './app/theme.css';
import { PAGE_STATE_ID } from '@vitrina/shared';

/*
 * The entry. A page the server rendered is readable, and its links and forms work, before any script
 * runs: its code (start.tsx) loads once the page has, so the style sheets and pictures a shopper sees
 * come first on a slow network (docs/decisions/020). A page the browser renders needs its code at once.
 */
const start = () => void import('./start').then((app) => app.startApp());
if (document.getElementById(PAGE_STATE_ID) && document.readyState !== 'complete') {
  window.addEventListener('load', start, { once: true });
} else {
  start();
}
