// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerSession } from '../testing/fetch-stub';
import { sessionUser } from '../testing/fixtures';
import { LOGIN_TYPE_KEY, readStorage } from './local-storage';
import { getSession } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('getSession', () => {
  it("reads the server's 200 with null as a visitor: signed out, nothing kept, no error", async () => {
    localStorage.setItem(LOGIN_TYPE_KEY, 'database');
    vi.stubGlobal('fetch', vi.fn(answerSession(null)));
    expect(await getSession()).toBeNull();
    expect(readStorage(LOGIN_TYPE_KEY)).toBeNull();
  });

  it('answers the signed-in user and remembers how they signed in', async () => {
    vi.stubGlobal('fetch', vi.fn(answerSession(sessionUser({ login: 'google' }))));
    expect(await getSession()).toMatchObject({ email: sessionUser().email, login: 'google' });
    expect(readStorage(LOGIN_TYPE_KEY)).toBe('google');
  });
});
