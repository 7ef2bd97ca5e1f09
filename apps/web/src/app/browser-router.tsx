import { type ReactNode, startTransition, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import {
  createPath,
  type Location,
  NavigationType,
  type Navigator,
  parsePath,
  Router,
  type To,
} from 'react-router';

/** What the shop keeps in each history entry: the entry's key and the state a navigation gave it. */
interface EntryState {
  key: string;
  usr?: unknown;
}

interface Shown {
  location: Location;
  action: NavigationType;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The location the address bar shows now (on start, and after Back or Forward). */
function addressBar(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as EntryState | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

function locationOf(to: To, state: unknown): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return {
    pathname: path.pathname ?? window.location.pathname,
    search: path.search ?? '',
    hash: path.hash ?? '',
    state: state ?? null,
    key: newKey(),
  };
}

/**
 * React Router's declarative router for the browser, with one difference: the address bar changes when
 * the new page is on screen, not when the navigation starts. Navigations are React transitions, which
 * keep the previous page until the next one's code has loaded; with the address changed first, what the
 * shopper did meanwhile on the page still shown (a menu opened, words typed) was undone when the next
 * page arrived, and the address named a page that was not the one shown. Back and Forward change the
 * address themselves, as in any browser.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown>(() => ({ location: addressBar(), action: NavigationType.Pop }));

  const navigator = useMemo<Navigator>(() => {
    const go = (action: NavigationType, to: To, state: unknown) =>
      startTransition(() => setShown({ location: locationOf(to, state), action }));
    return {
      createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
      go: (delta) => window.history.go(delta),
      push: (to, state) => go(NavigationType.Push, to, state),
      replace: (to, state) => go(NavigationType.Replace, to, state),
    };
  }, []);

  // The page of a navigation is on screen: the address bar follows.
  useLayoutEffect(() => {
    const { location, action } = shown;
    if (action === NavigationType.Pop) return;
    const entry: EntryState = { key: location.key, usr: location.state };
    if (action === NavigationType.Push) window.history.pushState(entry, '', createPath(location));
    else window.history.replaceState(entry, '', createPath(location));
  }, [shown]);

  useEffect(() => {
    const onPopState = () =>
      startTransition(() => setShown({ location: addressBar(), action: NavigationType.Pop }));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  return (
    <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
      {children}
    </Router>
  );
}
