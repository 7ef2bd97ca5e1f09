import { createHash } from 'node:crypto';
import { apiErrorSchema, checkoutSchema, direccionEnvioSchema, orderSummarySchema } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { getProductsByIds } from '../catalog';
import { backgroundSettler, listOrders, type OrderContext, placeOrder } from '../orders';
import { SPEC_LIST_MAX, specSaleSchema, toSpecSale } from './spec-shapes';

const tags = ['Tienda de SPEC'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  502: apiErrorSchema,
};

export const ADDRESS_NEEDED = 'Completa tu dirección y tu teléfono en tu perfil antes de comprar.';

/**
 * The front's sale: its cart (whole product objects with `cantidad`) and the payment method. Its
 * `valor_total_venta` (total × 100 in floating point), `fecha` and `id_usuario` are not read: the server
 * prices the lines itself and the session says who buys.
 */
const specCheckoutSchema = z.object({
  detalle_venta: checkoutSchema.shape.detalle_venta,
  id_pago: checkoutSchema.shape.id_pago.unwrap(),
});

/**
 * One payment method is one purchase attempt (the front creates a new one per Pagar): the key repeats
 * when the same submission arrives twice, and a second order is never charged for it.
 */
const idempotencyKeyOf = (idPago: string) =>
  `spec-${createHash('sha256').update(idPago).digest('hex').slice(0, 48)}`;

export interface SpecSaleOptions extends Omit<OrderContext, 'log'> {
  timeZone: string;
}

/** The sales calls of SPEC §7 in that front's shapes, answered by the orders module. */
export const specSaleRoutes: FastifyPluginAsyncZod<SpecSaleOptions> = async (
  app,
  { timeZone, ...context },
) => {
  const { db } = context;
  const settler = backgroundSettler({ ...context, log: app.log });
  app.addHook('onClose', () => settler.stop());

  app.get(
    '/venta',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Compras propias (cliente) o todas las ventas (admin), con Usuario y Detalle_venta, en una lista',
        response: { 200: z.array(specSaleSchema), ...errors },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      const { items } = await listOrders({
        db,
        viewer: user,
        query: { page: 1, pageSize: SPEC_LIST_MAX },
        timeZone,
      });
      const productIds = [...new Set(items.flatMap((sale) => sale.detalle_venta.map((l) => l.id_producto)))];
      const stockOf = new Map((await getProductsByIds(db, productIds)).map((p) => [p.id_producto, p.stock]));
      return items.map((sale) => toSpecSale(sale, sale.Usuario ?? user, stockOf, timeZone));
    },
  );

  app.post(
    '/venta',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary:
          'Compra el carrito con el medio de pago: precios, total y comprador del servidor; envío a la dirección del perfil',
        body: specCheckoutSchema,
        response: { 201: orderSummarySchema, 202: orderSummarySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const address = direccionEnvioSchema.safeParse({
        nombre: `${user.primer_nombre} ${user.primer_apellido}`,
        direccion: user.direccion,
        telefono: user.telefono,
      });
      if (!address.success) throw badRequest(ADDRESS_NEEDED);
      const { detalle_venta, id_pago } = request.body;
      const result = await placeOrder({
        ...context,
        log: request.log,
        settleLater: settler.settle,
        buyerId: user.id_usuario,
        input: {
          detalle_venta,
          metodo_pago: 'tarjeta',
          metodo_envio: 'domicilio',
          id_pago,
          direccion_envio: address.data,
        },
        idempotencyKey: idempotencyKeyOf(id_pago),
      });
      return reply.code(result.status).send(result.order);
    },
  );
};
