import { useState } from 'react';
import { type HydrationState, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createRouter } from './router';

/** The whole app; `hydrationData` when it takes over a page the server rendered (main.tsx). */
export function App({ hydrationData }: { hydrationData?: HydrationState }) {
  const [router] = useState(() => createRouter(hydrationData));
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
