import {
  apiErrorSchema,
  pageSlugSchema,
  paginaInputSchema,
  paginaListSchema,
  paginaPreviewSchema,
  paginaSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { catalogCache, serveFromCache } from '../catalog';
import { renderPageMarkdown } from './markdown';
import { deletePage, getPage, listPages, savePage } from './pages';

const params = z.object({ slug: pageSlugSchema });
const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The shop's pages: read by anyone, written by the owner (Ajustes › Páginas). */
export const pagesRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const { db } = database;
  const tags = ['Páginas'];
  // Read by every rendered page (the footer's links, the page's text): answered from memory until the
  // table notifies a change (migration 0020), like the catalog's answers.
  const cache = catalogCache(database);
  await app.register(async (kept) => {
    serveFromCache(kept, cache);
    const reads = kept.withTypeProvider<ZodTypeProvider>();
    reads.get(
      '/paginas',
      {
        config: { access: 'anyone', publicCache: true },
        schema: {
          tags,
          summary: 'Las páginas de la tienda: Acerca de, Términos, Privacidad y las propias',
          response: { 200: paginaListSchema },
        },
      },
      async () => listPages(db),
    );

    reads.get(
      '/paginas/:slug',
      {
        config: { access: 'anyone', publicCache: true },
        schema: {
          tags,
          summary: 'Una página: su Markdown y el HTML (sanitizado) que se muestra',
          params,
          response: { 200: paginaSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => getPage(db, request.params.slug),
    );
  });

  app.put(
    '/paginas/:slug',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cambia una página, o crea una propia con esa dirección',
        params,
        body: paginaInputSchema,
        response: { 200: paginaSchema, ...adminErrors, 409: apiErrorSchema },
      },
    },
    async (request) => savePage(db, sessionOf(request).user.id_usuario, request.params.slug, request.body),
  );

  app.delete(
    '/paginas/:slug',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Borra una página propia (Acerca de, Términos y Privacidad no se borran)',
        params,
        response: { 204: z.null(), ...adminErrors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deletePage(db, sessionOf(request).user.id_usuario, request.params.slug);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/paginas/vista-previa',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'El HTML que mostraría un texto, sin guardarlo',
        body: paginaPreviewSchema,
        response: { 200: z.object({ html: z.string() }), ...adminErrors },
      },
    },
    async (request) => ({ html: renderPageMarkdown(request.body.contenido) }),
  );
};
