import { apiErrorSchema, cardSchema, singleLineText } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { confirmSandboxCharge, createSandboxPaymentMethod } from '../../payments/sandbox';
import { buyerOf } from './guest-buyer';

const tags = ['Pagos (sandbox)'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * What the browser does with the sandbox instead of Stripe.js: turn a card into a payment method id, and
 * answer the extra confirmation step. Registered only when PAYMENT_PROVIDER=sandbox. Bodies are never
 * logged (Fastify's request log has none), so the card number and CVC only pass through memory.
 */
export const sandboxPaymentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // A guest pays by card too (decision 085): their test cards belong to no account.
  app.post(
    '/pagos/sandbox/metodos',
    {
      config: { access: 'buyer' },
      schema: {
        tags,
        summary: 'Crea un medio de pago de prueba con una tarjeta (solo marca y últimos 4 se guardan)',
        body: cardSchema,
        response: {
          201: z.object({ id_pago: z.string(), marca: z.string(), ultimos4: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSandboxPaymentMethod(db, buyerOf(request), request.body)),
  );

  app.post(
    '/pagos/sandbox/confirmar',
    {
      config: { access: 'buyer' },
      schema: {
        tags,
        summary: 'Aprueba o rechaza el paso de confirmación de un cargo (3-D Secure simulado)',
        body: z.object({
          client_secret: singleLineText({ error: 'Falta el pago a confirmar' })
            .min(1, { error: 'Falta el pago a confirmar' })
            .max(128, { error: 'El pago a confirmar no es válido' }),
          aprobar: z.boolean({ error: 'Indica si apruebas el pago' }),
        }),
        response: {
          200: z.object({
            id_venta: z.number().int(),
            estado: z.enum(['succeeded', 'requires_action', 'declined']),
          }),
          ...errors,
        },
      },
    },
    async (request) =>
      confirmSandboxCharge(db, buyerOf(request), request.body.client_secret, request.body.aprobar),
  );
};
