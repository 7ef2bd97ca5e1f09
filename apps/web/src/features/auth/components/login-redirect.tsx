import { PAGES, RETURN_TO_PARAM } from '@vitrina/shared';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** /login with the page to come back to once signed in (the login page checks it before following it). */
export function useLoginPath(): string {
  const { pathname, search, hash } = useLocation();
  return `${PAGES.login.path}?${new URLSearchParams({ [RETURN_TO_PARAM]: `${pathname}${search}${hash}` })}`;
}

/**
 * Where a page that needs a session sends someone signed out: /login, coming back to the page afterwards.
 * A session that ended on the page itself (a password change, a logout) is no visitor arriving: plain
 * /login, and the form or the menu that ended it takes the shopper where SPEC says.
 */
export function useLoginRedirect(signedIn: boolean): string {
  const loginPath = useLoginPath();
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (signedIn) wasSignedIn.current = true;
  }, [signedIn]);
  return wasSignedIn.current ? PAGES.login.path : loginPath;
}
