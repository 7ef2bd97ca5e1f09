import { XSRF_COOKIE, XSRF_HEADER } from '@vitrina/shared';

const NETWORK_MESSAGE = 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.';
const GENERIC_MESSAGE = 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.';

/** A failed API call, carrying the Spanish `message` the server wrote for the user. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** The Spanish text to show for any error thrown by a query or mutation. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : GENERIC_MESSAGE;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** `?a=1&b=x` from the defined, non-empty values of `query` ('' when nothing remains). */
export function toQueryString(query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Readonly<Record<string, string>>;
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

function toApiError(status: number, payload: unknown): ApiError {
  if (payload && typeof payload === 'object') {
    const { error, message, fields } = payload as Record<string, unknown>;
    return new ApiError(
      status,
      typeof error === 'string' ? error : 'Error',
      typeof message === 'string' ? message : GENERIC_MESSAGE,
      fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined,
    );
  }
  return new ApiError(status, 'Error', GENERIC_MESSAGE);
}

/**
 * The XSRF token for a state-changing request. Any GET hands out the cookie, so when it is missing
 * (a POST before any other API call) one cheap GET fetches it first.
 */
async function xsrfToken(): Promise<string | undefined> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  try {
    await fetch('/api/config', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    // The request itself will report the network failure.
  }
  return readCookie(XSRF_COOKIE);
}

/**
 * How requests reach the API: the browser's fetch, or, when the server renders a page, its own routes
 * answering in the same process (entry-server.tsx), so a rendered page holds exactly what the API says.
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(send: typeof fetch): void {
  transport = send;
}

/**
 * The one place the browser talks to the API (`/api` on the same origin). Sends the session cookie and,
 * on every state-changing request (POST, PUT, PATCH, DELETE), the XSRF header; turns the error shape `{error, message, fields?}` into a
 * thrown ApiError.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') {
    const token = await xsrfToken();
    if (token) headers[XSRF_HEADER] = token;
  }

  let response: Response;
  try {
    response = await transport(`/api${path}${toQueryString(options.query)}`, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error', NETWORK_MESSAGE);
  }

  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const payload: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as T;
}

/**
 * A file upload to the API that reports how much of the body has left (`onProgress`, 0 to 1), which fetch
 * cannot: XMLHttpRequest, with the same cookie, XSRF header and errors as `api`.
 */
export async function apiUpload<T>(
  path: string,
  options: { query?: Query; body: FormData; onProgress: (sent: number) => void },
): Promise<T> {
  const token = await xsrfToken();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}${toQueryString(options.query)}`);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader(XSRF_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'Network error', NETWORK_MESSAGE));
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(payload as T);
      else reject(toApiError(request.status, payload));
    };
    request.send(options.body);
  });
}
