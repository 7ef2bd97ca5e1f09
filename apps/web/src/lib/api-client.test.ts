// @vitest-environment jsdom
import { XSRF_COOKIE, XSRF_HEADER } from '@vitrina/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shopConfig } from '../testing/fixtures';
import { ApiError, api } from './api-client';

const fetchMock = vi.fn(
  async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }),
);

afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
  setCookie(`${XSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);
});

const headersOf = (call: unknown[] | undefined) =>
  ((call?.[1] as RequestInit | undefined)?.headers ?? {}) as Record<string, string>;

function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server that sets the XSRF cookie
  document.cookie = value;
}

describe('api client', () => {
  it('sends the XSRF cookie back in the X-XSRF-TOKEN header on every state-changing request', async () => {
    vi.stubGlobal('fetch', fetchMock);
    setCookie(`${XSRF_COOKIE}=abc123; path=/`);
    await api('/usuario/logout', { method: 'POST' });
    await api('/usuario', { method: 'PUT', body: { telefono: '5512345678' } });
    expect(headersOf(fetchMock.mock.calls[0])[XSRF_HEADER]).toBe('abc123');
    expect(headersOf(fetchMock.mock.calls[1])[XSRF_HEADER]).toBe('abc123');
    await api('/config');
    expect(headersOf(fetchMock.mock.calls[2])[XSRF_HEADER]).toBeUndefined();
  });

  it('without the cookie yet, a GET fetches it before the POST', async () => {
    vi.stubGlobal(
      'fetch',
      fetchMock.mockImplementationOnce(async () => {
        setCookie(`${XSRF_COOKIE}=fresh; path=/`);
        return Response.json(shopConfig());
      }),
    );
    await api('/usuario/logout', { method: 'POST' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/config');
    expect(headersOf(fetchMock.mock.calls[1])[XSRF_HEADER]).toBe('fresh');
  });

  it('keeps the error code when the body has no message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'User not enabled for login' }, { status: 403 })),
    );
    setCookie(`${XSRF_COOKIE}=abc123; path=/`);
    const error = await api('/usuario/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('User not enabled for login');
    expect((error as ApiError).status).toBe(403);
  });
});
