import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { sendApiNotFound } from '../../plugins/errors';
import { type FileStorage, UPLOADS_URL_PREFIX } from '../../storage/local';
import { isFilePath, ONE_YEAR, pathOf, serveStoredFiles, staticFileError } from './static-files';

/**
 * SPEC_FRONT_DIST: SPEC's own storefront (a Create React App build) on every page path instead of the web
 * app, so it runs from the shop's origin: its calls to /api/spec carry the session cookie, and its first
 * page hands out the XSRF-TOKEN cookie its first POST must echo (docs/decisions/067-serving-spec-front.md).
 * Its files are served as its build has them (its robots.txt and manifest too), the hashed ones
 * (/static/…) kept a year; every other page path gets its index.html, which its router reads. The shop's
 * images (/uploads/…) are served as always.
 */
export async function specFrontRoutes(
  app: FastifyInstance,
  { config, storage, root }: { config: Config; storage: FileStorage; root: string },
) {
  const indexPath = join(root, 'index.html');
  const page = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;

  await app.register(async (files) => {
    files.addHook('onRequest', async (request, reply) => {
      if (!isFilePath(pathOf(request.url))) return sendApiNotFound(reply);
    });
    files.setErrorHandler(staticFileError);
    await serveStoredFiles(files, config.storage, storage);
    if (!page) return;
    await files.register(fastifyStatic, {
      root,
      prefix: '/',
      decorateReply: false,
      index: false,
      wildcard: false,
      allowedPath: (path: string) => path !== '/index.html',
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/static/') ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600',
        );
      },
    });
  });

  app.setNotFoundHandler(answerPage);

  async function answerPage(request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request.url);
    const isFile = path.startsWith(UPLOADS_URL_PREFIX) || path.startsWith('/static/');
    if (path.startsWith('/api/') || path === '/api' || isFile || !['GET', 'HEAD'].includes(request.method)) {
      return sendApiNotFound(reply);
    }
    if (!page) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('La tienda de SPEC no está compilada: SPEC_FRONT_DIST no tiene index.html.');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  }
}
