import {
  apiErrorSchema,
  categorySchema,
  discountParamsSchema,
  idParamsSchema,
  pagingSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { catalogCache, serveFromCache } from './cache';
import { type SearchCounter, searchCounting } from './search/analytics';
import { getCategory, getVisibleProduct, listCategories, listProducts } from './service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const tags = ['Catálogo'];

/** Public catalog: what a visitor can browse without an account. */
export const catalogRoutes: FastifyPluginAsyncZod<{ database: Database; searches: SearchCounter }> = async (
  app,
  { database, searches },
) => {
  const { db } = database;
  serveFromCache(app, catalogCache(database), searchCounting(searches));

  app.get(
    '/products',
    {
      config: { access: 'anyone', publicCache: true },
      schema: {
        tags,
        summary: 'Productos visibles, filtrados, ordenados y paginados',
        querystring: productListQuerySchema,
        response: { 200: productPageSchema, ...errors },
      },
    },
    async (request) => listProducts(db, request.query),
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'anyone', publicCache: true },
      schema: {
        tags,
        summary: 'Un producto visible, con su categoría',
        params: idParamsSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => getVisibleProduct(db, request.params.id),
  );

  app.get(
    '/products/categoria/:id',
    {
      config: { access: 'anyone', publicCache: true },
      schema: {
        tags,
        summary: 'Productos de una categoría (acepta los mismos filtros que /products)',
        params: idParamsSchema,
        querystring: productListQuerySchema,
        response: { 200: productPageSchema, ...errors },
      },
    },
    async (request) => {
      const category = await getCategory(db, request.params.id);
      return listProducts(db, { ...request.query, categoria: category.id_categoria_producto });
    },
  );

  app.get(
    '/products/filter/descuento/:value',
    {
      config: { access: 'anyone', publicCache: true },
      schema: {
        tags,
        summary: 'Productos con descuento (true) o sin descuento (false)',
        params: discountParamsSchema,
        querystring: pagingSchema,
        response: { 200: productPageSchema, ...errors },
      },
    },
    async (request) => listProducts(db, { ...request.query, descuento: request.params.value }),
  );

  app.get(
    '/categorias',
    {
      config: { access: 'anyone', publicCache: true },
      schema: { tags, summary: 'Todas las categorías', response: { 200: z.array(categorySchema) } },
    },
    async () => listCategories(db),
  );
};
