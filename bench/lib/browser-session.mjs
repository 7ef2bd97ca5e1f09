// A browser on the shop, for the benches that sign in (checkout, API load).
import http from 'node:http';

// node:http rather than fetch: the client shares the machine's cores with the shop, and fetch costs more
// than twice the CPU per checkout.
const agent = new http.Agent({ keepAlive: true });

/** One HTTP request: the response and its body as text. */
function send(url, method, headers, payload) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ res, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * One browser on the shop: its cookies (session and XSRF-TOKEN), and the token echoed in X-XSRF-TOKEN on
 * every change, as the web app's API client does.
 */
export async function browser(base) {
  const cookies = new Map();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  async function request(method, path, body, headers = {}) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const { res, text } = await send(
      base + path,
      method,
      {
        cookie: cookieHeader(),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '' }),
        ...headers,
      },
      payload,
    );
    for (const cookie of res.headers['set-cookie'] ?? []) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
  }
  /** The Cookie header this browser sends, for a load generator to send as it. */
  request.cookieHeader = cookieHeader;
  await request('GET', '/api/health');
  return request;
}

/** Throws with the answer when the status is not the expected one (setup steps must all succeed). */
export async function must(status, pending, what) {
  const res = await pending;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A browser signed in with `email` and `password`. */
export async function signIn(base, email, password) {
  const request = await browser(base);
  await must(200, request('POST', '/api/usuario/login', { email, password }), `sign-in ${email}`);
  return request;
}
