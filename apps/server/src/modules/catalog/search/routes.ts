import {
  apiErrorSchema,
  type CurrencyCode,
  facetsSchema,
  noResultsSchema,
  priceBands,
  productListQuerySchema,
  searchAnalyticsSchema,
  suggestionsQuerySchema,
  suggestionsSchema,
  synonymInputSchema,
  synonymListQuerySchema,
  synonymPageSchema,
  synonymParamsSchema,
  synonymSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Db } from '../../../db/client';
import { sessionOf } from '../../../plugins/auth';
import { catalogCache, serveFromCache } from '../cache';
import { type SearchCounter, searchAnalytics } from './analytics';
import { watchDictionary } from './dictionary';
import { facets, noResults, suggestions } from './service';
import { createSynonym, deleteSynonym, listSynonyms, updateSynonym } from './synonyms';

const tags = ['Búsqueda'];
const errors = { 400: apiErrorSchema };
const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const noResultsQuerySchema = z.object({ name: productListQuerySchema.shape.name });

/** Suggestions, facets, the answer to an empty search, the synonyms dictionary and search analytics. */
export const searchRoutes: FastifyPluginAsyncZod<{
  database: Database;
  searches: SearchCounter;
  /** SHOP_CURRENCY: the facets' price bands. */
  currency: CurrencyCode;
}> = async (app, { database, searches, currency }) => {
  watchDictionary(database);
  await app.register(publicSearchRoutes, { database, currency });
  await app.register(searchAdminRoutes, { db: database.db, searches });
};

/**
 * What the shop's pages ask as shoppers type and filter: answered from memory like the catalog's listings
 * (decision 008), and dropped with them on any change to products or synonyms.
 */
const publicSearchRoutes: FastifyPluginAsyncZod<{ database: Database; currency: CurrencyCode }> = async (
  app,
  { database, currency },
) => {
  const { db } = database;
  serveFromCache(app, catalogCache(database));

  app.get(
    '/products/sugerencias',
    {
      config: { access: 'anyone', publicCache: true },
      schema: {
        tags,
        summary: 'Sugerencias mientras se escribe: hasta 5 productos y las categorías donde están',
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsSchema, ...errors },
      },
    },
    async (request) => suggestions(db, request.query.q),
  );

  app.get(
    '/products/facetas',
    {
      config: { access: 'anyone', publicCache: true },
      schema: {
        tags,
        summary:
          'Cuántos productos hay por categoría y por rango de precio para la búsqueda y los filtros (los de /products)',
        querystring: productListQuerySchema,
        response: { 200: facetsSchema, ...errors },
      },
    },
    async (request) => facets(db, request.query, priceBands(currency)),
  );

  app.get(
    '/products/sin-resultados',
    {
      config: { access: 'anyone', publicCache: true },
      schema: {
        tags,
        summary:
          'Para una búsqueda sin resultados: la corrección más cercana que sí encuentra y los más vendidos',
        querystring: noResultsQuerySchema,
        response: { 200: noResultsSchema, ...errors },
      },
    },
    async (request) => noResults(db, request.query.name ?? ''),
  );
};

/** The owner's side: the synonyms dictionary and what shoppers search. Never cached. */
const searchAdminRoutes: FastifyPluginAsyncZod<{ db: Db; searches: SearchCounter }> = async (
  app,
  { db, searches },
) => {
  app.get(
    '/sinonimos',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Diccionario de sinónimos, 20 por página; q filtra los grupos que contienen un término',
        querystring: synonymListQuerySchema,
        response: { 200: synonymPageSchema, ...adminErrors },
      },
    },
    async (request) => listSynonyms(db, request.query),
  );

  app.post(
    '/sinonimos',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Crea un grupo de sinónimos',
        body: synonymInputSchema,
        response: { 201: synonymSchema, ...adminErrors, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSynonym(db, sessionOf(request).user.id_usuario, request.body)),
  );

  app.put(
    '/sinonimos/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cambia un grupo de sinónimos',
        params: synonymParamsSchema,
        body: synonymInputSchema,
        response: { 200: synonymSchema, ...adminErrors, 409: apiErrorSchema },
      },
    },
    async (request) => updateSynonym(db, sessionOf(request).user.id_usuario, request.params.id, request.body),
  );

  app.delete(
    '/sinonimos/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Borra un grupo de sinónimos',
        params: synonymParamsSchema,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteSynonym(db, sessionOf(request).user.id_usuario, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/busquedas',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Búsquedas más frecuentes, sin resultados y de productos agotados de los últimos 30 días, por visitantes',
        response: { 200: searchAnalyticsSchema, ...adminErrors },
      },
    },
    async () => {
      await searches.flush();
      return searchAnalytics(db);
    },
  );
};
