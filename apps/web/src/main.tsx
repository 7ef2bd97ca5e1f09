import './app/theme.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// A transition lets React yield to the browser while it renders the first page, instead of holding the
// main thread in one long task (input and paint wait less; Lighthouse's total blocking time drops).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
