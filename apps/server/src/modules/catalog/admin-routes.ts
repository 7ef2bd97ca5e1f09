import {
  adminProductQuerySchema,
  apiErrorSchema,
  type CurrencyCode,
  idParamsSchema,
  productoSchemaFor,
  productoUpdateSchemaFor,
  productPageSchema,
  productSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import type { FileStorage } from '../../storage/local';
import {
  createProduct,
  editProduct,
  getProductForAdmin,
  listAllProducts,
  toggleProduct,
} from './admin-service';

const tags = ['Catálogo (administración)'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export interface CatalogAdminOptions {
  db: Db;
  storage: FileStorage;
  /** SHOP_CURRENCY: prices with decimals are refused in a currency without cents. */
  currency: CurrencyCode;
}

/*
 * Product management (SPEC §2 admin screens, §7 calls). '/products/admin' and '/products/delete/:id' are
 * static segments, which the router prefers to the public '/products/:id', so they never collide.
 */
export const catalogAdminRoutes: FastifyPluginAsyncZod<CatalogAdminOptions> = async (
  app,
  { db, storage, currency },
) => {
  app.get(
    '/products/admin',
    {
      config: { access: 'admin', staff: 'catalogo' },
      schema: {
        tags,
        summary: 'Todos los productos (activos, inactivos y sin stock), por nombre y estado, 20 por página',
        querystring: adminProductQuerySchema,
        response: { 200: productPageSchema, ...errors },
      },
    },
    async (request) => listAllProducts(db, request.query),
  );

  app.get(
    '/products/admin/:id',
    {
      config: { access: 'admin', staff: 'catalogo' },
      schema: {
        tags,
        summary: 'Un producto para el formulario de edición, esté activo o no',
        params: idParamsSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => getProductForAdmin(db, request.params.id),
  );

  app.post(
    '/products',
    {
      config: { access: 'admin', staff: 'catalogo' },
      schema: {
        tags,
        summary: 'Crea un producto (activo); la imagen se sube antes con POST /api/uploads',
        body: productoSchemaFor(currency),
        response: { 201: productSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      return reply.code(201).send(await createProduct(db, storage, user.id_usuario, request.body));
    },
  );

  app.put(
    '/products/:id/editProduct',
    {
      config: { access: 'admin', staff: 'catalogo' },
      schema: {
        tags,
        summary:
          'Edita los campos enviados (vacío = sin cambio; valor_descuento null quita el descuento); una imagen nueva reemplaza a la anterior',
        params: idParamsSchema,
        body: productoUpdateSchemaFor(currency),
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      return editProduct(db, storage, user.id_usuario, request.params.id, request.body, request.log);
    },
  );

  app.put(
    '/products/delete/:id',
    {
      config: { access: 'admin', staff: 'catalogo' },
      schema: {
        tags,
        summary:
          'Eliminar / Restaurar: alterna el estado del producto, o lo fija si se envía { estado } (un clic repetido no lo deshace)',
        params: idParamsSchema,
        body: z
          .object({ estado: z.boolean({ error: 'El estado debe ser true o false' }).optional() })
          .nullish(),
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      return toggleProduct(db, user.id_usuario, request.params.id, request.body?.estado);
    },
  );
};
