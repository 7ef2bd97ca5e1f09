import {
  ajustesInputSchema,
  ajustesSchema,
  apiErrorSchema,
  type CurrencyCode,
  enabledPaymentMethodSchema,
  enabledPaymentMethods,
  guestCheckoutSettingsSchema,
  inventorySettingsAnswerSchema,
  inventorySettingsSchema,
  paymentSettingsAnswerSchema,
  paymentSettingsSchema,
  shippingSettingsAnswerSchema,
  shippingSettingsInputSchema,
  shopNoticesSchema,
  taxSettingsAnswerSchema,
  taxSettingsSchema,
} from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { readGuestCheckout, saveGuestCheckout } from './guest-checkout-settings';
import { readInventorySettings, saveInventorySettings } from './inventory-settings';
import {
  readPaymentMethods,
  readSettings,
  readTaxSettings,
  savePaymentMethods,
  saveSettings,
  saveTaxSettings,
} from './settings';
import { readShippingSettings, saveShippingSettings, shippingAnswer } from './shipping-settings';
import { readShopNotices, saveShopNotices } from './shop-notices';

/** The shop's settings: shipping, the tax prices include, and the payment methods. */
export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; currency: CurrencyCode }> = async (
  app,
  { db, currency },
) => {
  const tags = ['Ajustes'];
  app.get(
    '/ajustes',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Tarifa de envío y mínimo para envío gratis (null: sin envío gratis)',
        response: { 200: ajustesSchema },
      },
    },
    async () => readSettings(db),
  );

  app.put(
    '/ajustes',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cambia la tarifa de envío y el mínimo para envío gratis',
        // Whole units in a currency without cents; what is stored is answered as it is.
        body: ajustesInputSchema(currency),
        response: { 200: ajustesSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => saveSettings(db, sessionOf(request).user.id_usuario, request.body),
  );

  const adminErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

  app.get(
    '/ajustes/pagos',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Medios de pago: activos, en el orden en que los ve el comprador, con su descripción, instrucciones y reserva',
        response: { 200: paymentSettingsAnswerSchema, ...adminErrors },
      },
    },
    async () => ({ metodos: [...(await readPaymentMethods(db))] }),
  );

  app.put(
    '/ajustes/pagos',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Cambia los medios de pago (cada uno una vez, en orden; al menos uno activo; la transferencia con sus datos). Las credenciales de los proveedores nunca se guardan aquí: vienen del entorno',
        body: paymentSettingsSchema,
        response: { 200: paymentSettingsAnswerSchema, ...adminErrors },
      },
    },
    async (request) => savePaymentMethods(db, sessionOf(request).user.id_usuario, request.body),
  );

  app.get(
    '/pagos/metodos',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Los medios de pago activos, en el orden de la tienda',
        response: { 200: z.array(enabledPaymentMethodSchema) },
      },
    },
    async () => enabledPaymentMethods(await readPaymentMethods(db)),
  );

  app.get(
    '/ajustes/envio',
    {
      config: { access: 'anyone', readsSession: true },
      schema: {
        tags,
        summary:
          'Envío: las regiones del país y el retiro en tienda (todos); también las zonas y tarifas en centavos (dueño)',
        response: { 200: shippingSettingsAnswerSchema },
      },
    },
    async (request) =>
      shippingAnswer(await readShippingSettings(db), currency, request.session?.user.admin === true),
  );

  app.put(
    '/ajustes/envio',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Cambia las zonas de envío (cada región en una sola), la tarifa del resto del país y el retiro en tienda; montos en centavos',
        body: shippingSettingsInputSchema(currency),
        response: { 200: shippingSettingsAnswerSchema, ...adminErrors },
      },
    },
    async (request) =>
      shippingAnswer(
        await saveShippingSettings(db, { adminId: sessionOf(request).user.id_usuario, input: request.body }),
        currency,
        true,
      ),
  );

  app.get(
    '/ajustes/invitados',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Si los visitantes pueden comprar sin cuenta (con su correo y su nombre)',
        response: { 200: guestCheckoutSettingsSchema },
      },
    },
    async () => readGuestCheckout(db),
  );

  app.put(
    '/ajustes/invitados',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          "Permite o no comprar sin cuenta; sin ella, comprar pide iniciar sesión ('Debe de iniciar sesion para comprar')",
        body: guestCheckoutSettingsSchema,
        response: { 200: guestCheckoutSettingsSchema, ...adminErrors },
      },
    },
    async (request) =>
      saveGuestCheckout(db, { adminId: sessionOf(request).user.id_usuario, input: request.body }),
  );

  app.get(
    '/ajustes/avisos',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Si la tienda recibe un resumen diario de los pedidos pagados en vez de un correo por pedido',
        response: { 200: shopNoticesSchema, ...adminErrors },
      },
    },
    async () => readShopNotices(db),
  );

  app.put(
    '/ajustes/avisos',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Elige entre un correo por cada pedido pagado o un resumen por día (en la zona horaria de la tienda)',
        body: shopNoticesSchema,
        response: { 200: shopNoticesSchema, ...adminErrors },
      },
    },
    async (request) =>
      saveShopNotices(db, { adminId: sessionOf(request).user.id_usuario, input: request.body }),
  );

  app.get(
    '/ajustes/inventario',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'El stock mínimo de la tienda: con esas unidades o menos, una variante sin el suyo tiene stock bajo',
        response: { 200: inventorySettingsAnswerSchema, ...adminErrors },
      },
    },
    async () => readInventorySettings(db),
  );

  app.put(
    '/ajustes/inventario',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Cambia el stock mínimo de la tienda (de 0 a 10000 unidades); las variantes con el suyo lo conservan',
        body: inventorySettingsSchema,
        response: { 200: inventorySettingsAnswerSchema, ...adminErrors },
      },
    },
    async (request) =>
      saveInventorySettings(db, { adminId: sessionOf(request).user.id_usuario, input: request.body }),
  );

  app.get(
    '/ajustes/impuestos',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'El impuesto incluido en los precios (nombre y tasa en %), si la tienda lo muestra',
        response: { 200: taxSettingsAnswerSchema, ...adminErrors },
      },
    },
    async () => readTaxSettings(db),
  );

  app.put(
    '/ajustes/impuestos',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cambia el impuesto incluido en los precios; los pedidos ya hechos conservan el suyo',
        body: taxSettingsSchema,
        response: { 200: taxSettingsAnswerSchema, ...adminErrors },
      },
    },
    async (request) => saveTaxSettings(db, sessionOf(request).user.id_usuario, request.body),
  );
};
