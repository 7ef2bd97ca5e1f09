import type { SessionUser } from '@vitrina/shared';
import { vi } from 'vitest';
import { apiError } from './fixtures';

/** What answers one request: its parsed URL (query included) and the init it was sent with. */
export type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** One recorded request: its URL, headers and JSON body (undefined when it sent none, or no JSON). */
export interface RecordedCall {
  url: URL;
  headers: Headers;
  body: unknown;
}

const keyOf = (url: URL, init?: RequestInit) => `${init?.method ?? 'GET'} ${url.pathname}`;
const toUrl = (input: RequestInfo | URL) => new URL(String(input), 'http://localhost');

const notFound: Handler = () => Response.json(apiError('Not Found', 'No encontrado'), { status: 404 });

/** GET /api/usuario/me as the server answers it: the signed-in user, or 200 with null without a session. */
export const answerSession =
  (user: SessionUser | null): Handler =>
  () =>
    Response.json(user);

export interface FetchStubOptions {
  /** Answers every test starts with, by "METHOD /path" (e.g. the shop's config). */
  routes?: Readonly<Record<string, Handler>>;
  /** What answers a request no route matches (a JSON 404 by default). */
  otherwise?: Handler;
}

/**
 * A `fetch` double for the API: routes are matched by "METHOD /path" (the query is ignored for matching and
 * kept in the recorded URL); a test adds or replaces them with `on()`, and `reset()` goes back to the
 * starting ones.
 */
export function createFetchStub({ routes = {}, otherwise = notFound }: FetchStubOptions = {}) {
  let handlers: Record<string, Handler> = { ...routes };
  let fallback = otherwise;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = toUrl(input);
    return (handlers[keyOf(url, init)] ?? fallback)(url, init);
  });
  return {
    fetchMock,
    on(key: string, handler: Handler) {
      handlers[key] = handler;
    },
    /** Replaces what answers the requests no route matches. */
    otherwise(handler: Handler) {
      fallback = handler;
    },
    /** The calls to "METHOD /path" (or to "/path" with any method), in order. */
    calls(key: string): RecordedCall[] {
      return fetchMock.mock.calls
        .map(([input, init]) => ({ url: toUrl(input), init }))
        .filter(({ url, init }) => (key.startsWith('/') ? url.pathname : keyOf(url, init)) === key)
        .map(({ url, init }) => ({
          url,
          headers: new Headers(init?.headers),
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        }));
    },
    reset() {
      handlers = { ...routes };
      fallback = otherwise;
      fetchMock.mockClear();
    },
  };
}

export type FetchStub = ReturnType<typeof createFetchStub>;
