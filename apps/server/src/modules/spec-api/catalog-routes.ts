import {
  apiErrorSchema,
  type CurrencyCode,
  categorySchema,
  idParamsSchema,
  productListQuerySchema,
  productoSchemaFor,
  productoUpdateSchemaFor,
  singleLineText,
} from '@vitrina/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import type { FileStorage } from '../../storage/local';
import {
  createProduct,
  editProduct,
  getCategory,
  getProductForAdmin,
  getVisibleProduct,
  listAllProducts,
  listCategories,
  listProducts,
  toggleProduct,
} from '../catalog';
import { SPEC_LIST_MAX, specProductSchema, toSpecProduct } from './spec-shapes';

const tags = ['Tienda de SPEC'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const everything = { page: 1, pageSize: SPEC_LIST_MAX };
const isAdmin = (request: FastifyRequest) => request.session?.user.admin === true;

/** The front builds `products?name=${name}`: the storefront's own search, as the catalog reads it. */
const nameQuerySchema = z.object({ name: productListQuerySchema.shape.name });

/**
 * The 'Desc' filter sends the category it is on (`products/filter/descuento/{id_categoria_producto}`); on
 * the search page that is the route's own pattern, ':id_categoria_producto'. A category id lists that
 * category's discounted products; 'false' the products without a discount; anything else every
 * discounted product.
 */
const discountParamsSchema = z.object({ value: singleLineText().max(100) });
const discountFilter = (value: string): { descuento: boolean; categoria?: number } => {
  if (/^\d{1,9}$/.test(value)) return { descuento: true, categoria: Number(value) };
  return { descuento: value !== 'false' && value !== '0' };
};

export interface SpecCatalogOptions {
  db: Db;
  storage: FileStorage;
  currency: CurrencyCode;
}

/**
 * The catalog calls of SPEC §7 in that front's shapes, answered by the catalog module: the public sees the
 * storefront's products, an administrator (who edits from the same lists) every product.
 */
export const specCatalogRoutes: FastifyPluginAsyncZod<SpecCatalogOptions> = async (
  app,
  { db, storage, currency },
) => {
  app.get(
    '/products',
    {
      config: { access: 'anyone', readsSession: true },
      schema: {
        tags,
        summary:
          'Todos los productos en una lista (un admin ve también los inactivos), o los que coinciden con name',
        querystring: nameQuerySchema,
        response: { 200: z.array(specProductSchema), ...errors },
      },
    },
    async (request) => {
      const { name } = request.query;
      const page =
        isAdmin(request) && !name
          ? await listAllProducts(db, everything)
          : await listProducts(db, { ...everything, name });
      return page.items.map(toSpecProduct);
    },
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'anyone', readsSession: true },
      schema: {
        tags,
        summary: 'Un producto (un admin puede leer uno inactivo para editarlo)',
        params: idParamsSchema,
        response: { 200: specProductSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const product = isAdmin(request) ? await getProductForAdmin(db, id) : await getVisibleProduct(db, id);
      return toSpecProduct(product);
    },
  );

  app.get(
    '/products/categoria/:id',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Los productos de una categoría, en una lista',
        params: idParamsSchema,
        response: { 200: z.array(specProductSchema), ...errors },
      },
    },
    async (request) => {
      const category = await getCategory(db, request.params.id);
      const page = await listProducts(db, { ...everything, categoria: category.id_categoria_producto });
      return page.items.map(toSpecProduct);
    },
  );

  app.get(
    '/products/filter/descuento/:value',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Productos con descuento: de la categoría indicada, o todos',
        params: discountParamsSchema,
        response: { 200: z.array(specProductSchema), ...errors },
      },
    },
    async (request) => {
      const filter = discountFilter(request.params.value);
      if (filter.categoria !== undefined) await getCategory(db, filter.categoria);
      const page = await listProducts(db, { ...everything, ...filter });
      return page.items.map(toSpecProduct);
    },
  );

  app.get(
    '/categorias',
    {
      config: { access: 'anyone' },
      schema: { tags, summary: 'Todas las categorías', response: { 200: z.array(categorySchema) } },
    },
    async () => listCategories(db),
  );

  app.post(
    '/products',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Crea un producto (la imagen, subida antes a la tienda)',
        body: productoSchemaFor(currency),
        response: { 201: specProductSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const product = await createProduct(db, storage, user.id_usuario, request.body);
      return reply.code(201).send(toSpecProduct(product));
    },
  );

  const update = productoUpdateSchemaFor(currency);
  const editable = Object.keys(update.in.shape);
  app.put(
    '/products/:id/editProduct',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Edita los campos enviados; sin ninguno (los botones Eliminar/Restaurar envían solo id_producto) devuelve el producto sin cambios',
        params: idParamsSchema,
        // Nothing editable filled in (only id_producto, or blanks) is no edit: null.
        body: z.preprocess(
          (body) =>
            body !== null &&
            typeof body === 'object' &&
            !Array.isArray(body) &&
            !editable.some((key) => {
              const value = (body as Record<string, unknown>)[key];
              return value !== undefined && value !== '';
            })
              ? null
              : body,
          update.nullable(),
        ),
        response: { 200: specProductSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      const { id } = request.params;
      const changes = request.body;
      const product = changes
        ? await editProduct(db, storage, user.id_usuario, id, changes, request.log)
        : await getProductForAdmin(db, id);
      return toSpecProduct(product);
    },
  );

  app.put(
    '/products/delete/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Eliminar / Restaurar: alterna el estado del producto',
        params: idParamsSchema,
        response: { 200: specProductSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      return toSpecProduct(await toggleProduct(db, user.id_usuario, request.params.id));
    },
  );
};
