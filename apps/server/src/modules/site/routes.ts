import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { idSchema, PAGES, type PageEntry, type Tienda, VARIANT_PARAM, variantParam } from '@vitrina/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { sendApiNotFound } from '../../plugins/errors';
import { type FileStorage, UPLOADS_URL_PREFIX } from '../../storage/local';
import { catalogCache, getCategory, getVisibleProduct, type KeptAnswer } from '../catalog';
import { getPage } from '../pages';
import { readShopIdentity } from '../settings';
import { brandHead, THEME_CSS_PATH, themeCss, themeVersion } from './brand-head';
import { listingImages } from './listing-images';
import { type PagePreload, preloadTags, readManifest } from './preloads';
import { apiThrough, fillRoot, type RenderPage } from './render';
import { categoryMeta, type PageMeta, productMeta, renderHead, shopMeta, shownOf } from './seo';
import { renderRobots, renderSitemap } from './sitemap';
import { isFilePath, ONE_YEAR, pathOf, serveStoredFiles, staticFileError } from './static-files';

/**
 * The web app's pages (packages/shared pages.ts), as the server reads paths: every `:id` is one record id,
 * in digits, and a `:slug` a page's slug. Any other path is a 404 page.
 */
const PAGE_PATTERNS: ReadonlyArray<readonly [RegExp, PageEntry]> = Object.values(PAGES).map((page) => [
  pathPattern(page.path),
  page,
]);

function pathPattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    if (segment === ':slug') return '([a-z0-9-]+)';
    if (segment.startsWith(':')) return '(\\d+)';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}$`);
}

/** The page a path shows, with its id when it has one. */
interface PageMatch {
  page: PageEntry;
  id?: string;
}

function matchPage(path: string): PageMatch | undefined {
  for (const [pattern, page] of PAGE_PATTERNS) {
    const match = pattern.exec(path);
    if (match) return { page, id: match[1] };
  }
  return undefined;
}

/** The storefront pages that show one of the three pages every shop has (pages module), by slug. */
const SHOP_PAGE_SLUGS = new Map<PageEntry, string>([
  [PAGES.about, 'acerca'],
  [PAGES.terms, 'terminos'],
  [PAGES.privacy, 'privacidad'],
]);

/**
 * Serves the built web app on every non-API path: hashed assets cached forever, uploads, the sitemap
 * and robots.txt, and index.html with the page's own title, description, Open Graph and JSON-LD; the
 * storefront's pages rendered in it when the render is built (render.ts).
 */
export async function siteRoutes(
  app: FastifyInstance,
  {
    database,
    config,
    storage,
    renderPage,
  }: { database: Database; config: Config; storage: FileStorage; renderPage?: RenderPage },
) {
  const { db } = database;
  const rendered = catalogCache<KeptAnswer>(database);
  const indexPath = join(config.webDist, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const manifest = readManifest(config.webDist);

  // The static files get a context of their own, so that the path check and the error handler below
  // apply to file requests only.
  await app.register(async (files) => {
    files.addHook('onRequest', async (request, reply) => {
      if (!isFilePath(pathOf(request.url))) return sendApiNotFound(reply);
    });
    files.setErrorHandler(staticFileError);
    await serveStoredFiles(files, config.storage, storage);
    if (!template) return;
    await files.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      decorateReply: false,
      index: false,
      wildcard: false,
      // The bare template has no page's title or tags: its address leads to the home page instead.
      allowedPath: (path: string) => path !== '/index.html',
      // The build writes .br and .gz beside every text asset (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600',
        );
      },
    });
  });

  app.get('/sitemap.xml', async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').send(await renderSitemap(db, config.publicUrl)),
  );
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(renderRobots(config.publicUrl)),
  );
  // The brand colours (brand-head.ts). Asked for by its version, the browser keeps it for good; any
  // other address of it is answered fresh.
  app.get<{ Querystring: { v?: string } }>(THEME_CSS_PATH, async (request, reply) => {
    const identity = await readShopIdentity(db, config.shopName);
    const current = request.query.v === themeVersion(identity);
    return reply
      .header('cache-control', current ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache')
      .type('text/css; charset=utf-8')
      .send(themeCss(identity));
  });

  // The storefront's rendered pages are the same for every visitor, so they are kept by URL (a search's
  // excepted); every other path gets its page, or its 404, from the not-found handler, never kept.
  for (const page of Object.values<PageEntry>(PAGES)) {
    if (!page.rendered) continue;
    app.get(
      page.path,
      { config: { access: 'anyone', publicCache: true }, schema: { hide: true } },
      answerPage,
    );
  }
  app.setNotFoundHandler(answerPage);

  /** A page of the web app, the redirect of /index.html, or the 404 of a path that is none. */
  async function answerPage(request: FastifyRequest, reply: FastifyReply) {
    const queryAt = request.url.indexOf('?');
    const path = pathOf(request.url);
    const search = new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1));
    if (path === '/index.html') return reply.redirect('/', 301);
    // A missing file (an upload that was replaced, an old hashed asset) is a plain 404, not a page.
    const isFile = path.startsWith(UPLOADS_URL_PREFIX) || path.startsWith('/assets/');
    if (path.startsWith('/api/') || path === '/api' || isFile || !['GET', 'HEAD'].includes(request.method)) {
      return sendApiNotFound(reply);
    }
    if (!template) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('La tienda web no está compilada: ejecuta "npm run build" o "npm start".');
    }
    // A search is counted when its answer is sent (search/analytics.ts): its page is rendered each time.
    const keeps = request.routeOptions.config.publicCache === true && !search.has('name');
    const send = (status: number, page: KeptAnswer) => {
      reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      // Compressed as the browser accepts, once for a kept page (its copies count in the cache's size);
      // @fastify/compress leaves an answer with a Content-Encoding alone.
      return rendered.send(request, reply, page);
    };
    if (!keeps) {
      const [status, page] = await renderedPage(request, template, path, search);
      return send(status, page);
    }
    // Visitors of a page another request is rendering wait for its copy (catalogCache.keptOrRead).
    const { kept, read } = await rendered.keptOrRead(request.url);
    if (kept) return send(200, kept);
    try {
      const [status, page, complete] = await renderedPage(request, template, path, search);
      if (complete) read.keep(page);
      return send(status, page);
    } finally {
      read.done();
    }
  }

  /**
   * The page at `path` with its head (its title, tags and preloads) and its render, read at the same
   * time; `complete` when the server rendered it, so it can be kept.
   */
  async function renderedPage(
    request: FastifyRequest,
    template: string,
    path: string,
    search: URLSearchParams,
  ): Promise<[status: number, page: KeptAnswer, complete?: boolean]> {
    const match = matchPage(path);
    const [{ status, meta, preload, identity }, app] = await Promise.all([
      pageMeta(path, match, search),
      match?.page.rendered ? renderApp(request) : undefined,
    ]);
    const rendering = status === 200 ? app : undefined;
    const hints = preloadTags(manifest, { kind: 'app', ...preload, scripts: !rendering });
    const page = brandHead(renderHead(template, meta, hints), identity);
    if (!rendering) return [status, { body: page }];
    return [status, { body: fillRoot(page, rendering) }, true];
  }

  /** The app rendered for the request's URL, or undefined when the browser is to render it (render.ts). */
  async function renderApp(request: FastifyRequest) {
    if (!renderPage) return undefined;
    try {
      return await renderPage(`${config.publicUrl}${request.url}`, apiThrough(app, request.ip));
    } catch (err) {
      // A fault of the render must not cost the shopper the page: the browser renders it instead.
      request.log.error({ err }, 'server render failed');
      return undefined;
    }
  }

  /**
   * The shop's identity (its name, favicon and colours go in every page's head) as the API answers it:
   * from that route's memory, as the render's own requests are; from the database if it fails.
   */
  async function currentIdentity(): Promise<Tienda> {
    const answer = await app.inject({ method: 'GET', url: '/api/ajustes/tienda' });
    return answer.statusCode === 200 ? (answer.json() as Tienda) : readShopIdentity(db, config.shopName);
  }

  async function pageMeta(
    path: string,
    match: PageMatch | undefined,
    search: URLSearchParams,
  ): Promise<{ status: number; meta: PageMeta; preload?: PagePreload; identity: Tienda }> {
    const { publicUrl, currency } = config;
    const identity = await currentIdentity();
    const shopName = identity.nombre;
    const notFound = () => ({
      status: 404,
      meta: shopMeta(shopName, publicUrl, path, 'Página no encontrada'),
      identity,
    });
    try {
      if (match?.page === PAGES.category) {
        const found = await getCategory(db, idSchema.parse(match.id));
        const images = await listingImages(db, search, found.id_categoria_producto);
        return {
          status: 200,
          identity,
          meta: categoryMeta(found, shopName, publicUrl),
          preload: { kind: 'listing', images },
        };
      }
      if (match?.page === PAGES.product) {
        const found = await getVisibleProduct(db, idSchema.parse(match.id));
        const idVariante = variantParam(search.get(VARIANT_PARAM));
        return {
          status: 200,
          identity,
          meta: productMeta(found, { shopName, publicUrl, currency }, idVariante),
          // The picture the page opens on: the chosen variant's.
          preload: { kind: 'product', images: [shownOf(found, idVariante).imagen] },
        };
      }
      const slug =
        SHOP_PAGE_SLUGS.get(match?.page as PageEntry) ?? (match?.page === PAGES.ownPage && match.id);
      if (slug) {
        const shown = await getPage(db, slug);
        return { status: 200, identity, meta: shopMeta(shopName, publicUrl, path, shown.titulo) };
      }
    } catch (err) {
      if (!(err instanceof AppError) && !(err instanceof Error && err.name === 'ZodError')) throw err;
      return notFound();
    }
    if (!match) return notFound();
    const { title, preload: kind } = match.page;
    const meta = shopMeta(shopName, publicUrl, path, title);
    if (kind !== 'listing') return { status: 200, meta, identity, preload: kind && { kind } };
    return { status: 200, meta, identity, preload: { kind, images: await listingImages(db, search) } };
  }
}
