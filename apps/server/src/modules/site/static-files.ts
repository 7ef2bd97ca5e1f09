import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { sendApiNotFound } from '../../plugins/errors';
import { type FileStorage, STORED_FILE_CACHE, UPLOADS_URL_PREFIX } from '../../storage/local';

/* What serving files takes, whichever storefront is served (routes.ts, spec-front.ts). */

export const ONE_YEAR = 31_536_000;

/**
 * /uploads/… from whichever store holds the images, so the URLs in the database never depend on it: the
 * disk through @fastify/static, a bucket through the app (any process reads the same objects), or a
 * permanent redirect to the CDN in front of the bucket. Names never get other bytes: cached for a year.
 */
export async function serveStoredFiles(
  files: FastifyInstance,
  where: Config['storage'],
  storage: FileStorage,
) {
  if (where.kind === 'local') {
    mkdirSync(where.dir, { recursive: true });
    await files.register(fastifyStatic, {
      root: where.dir,
      prefix: UPLOADS_URL_PREFIX,
      decorateReply: false,
      index: false,
      maxAge: ONE_YEAR * 1000,
      immutable: true,
    });
    return;
  }
  const cdn = where.publicAssetsUrl;
  files.get<{ Params: { '*': string } }>(`${UPLOADS_URL_PREFIX}*`, async (request, reply) => {
    const key = request.params['*'];
    if (key.split('/').some((segment) => segment === '..' || segment === '.' || segment === ''))
      return sendApiNotFound(reply);
    if (cdn) return reply.header('cache-control', STORED_FILE_CACHE).redirect(`${cdn}/${key}`, 301);
    const file = await storage.read(`${UPLOADS_URL_PREFIX}${key}`);
    if (!file) return sendApiNotFound(reply);
    return reply.header('cache-control', STORED_FILE_CACHE).type(file.contentType).send(file.bytes);
  });
}

/** The path of a request URL, still percent-encoded, without its query. */
export function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/** NAME_MAX of the usual file systems, in bytes: a longer name cannot be a file. */
const FILE_NAME_MAX_BYTES = 255;

/**
 * Whether a URL path can name a file under a static root: every segment is a file name, so no `//`, no
 * trailing `/` (a directory), no `.` or `..` (even percent-encoded), and no NUL, control character or
 * backslash (a separator on Windows) anywhere. Checked before the file system is touched.
 */
export function isFilePath(urlPath: string): boolean {
  return urlPath.startsWith('/') && urlPath.slice(1).split('/').every(isFileName);
}

function isFileName(segment: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return false;
  }
  return (
    name !== '' &&
    name !== '.' &&
    name !== '..' &&
    !/[/\\\p{Cc}]/u.test(name) &&
    Buffer.byteLength(name) <= FILE_NAME_MAX_BYTES
  );
}

/** Refusals of an existing file that keep their meaning: browsers and download tools act on them. */
const FILE_REFUSALS: Readonly<Record<number, readonly [string, string]>> = {
  412: ['Precondition Failed', 'El archivo cambió desde la última vez que lo pediste.'],
  416: ['Range Not Satisfiable', 'La parte pedida queda fuera del archivo.'],
};

/**
 * The errors @fastify/static answers with are statuses the application's handler does not know (it
 * made them 500s). A path it refuses (403 for `..`, a directory or a name it cannot check, 400 for a
 * NUL byte) is, to a shopper, a file that does not exist: the 404 of a missing file. An unsatisfiable
 * range (with the file's size in Content-Range) or a failed If-Match keeps its status. Anything else
 * is a real failure and goes on to the application's handler.
 */
export function staticFileError(
  err: FastifyError & { headers?: Record<string, string> },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = err.statusCode ?? 500;
  if (status < 400 || status >= 500) throw err;
  request.log.info({ status, code: err.code }, 'static file request refused');
  const refusal = FILE_REFUSALS[status];
  if (!refusal) return sendApiNotFound(reply);
  const [error, message] = refusal;
  return reply
    .code(status)
    .headers(err.headers ?? {})
    .send({ error, message });
}
