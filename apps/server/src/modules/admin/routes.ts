import { apiErrorSchema, dashboardSchema, salesExportQuerySchema } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/auth';
import { dashboardSummary } from './dashboard';
import { exportFileName, exportSalesCsv } from './sales-export';

const tags = ['Administración'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The admin's dashboard and the sales export. */
export interface AdminRoutesOptions {
  db: Db;
  /** SHOP_TIMEZONE: the dashboard's days, the export's dates and its date filter. */
  timeZone: string;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, timeZone }) => {
  app.get(
    '/admin/resumen',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Panel: ventas pagadas de hoy, 7 y 30 días, ingresos por día, más vendidos, stock, clientes, auditoría',
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async () => dashboardSummary(db, { timeZone }),
  );

  app.get(
    '/venta/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Ventas filtradas en CSV (UTF-8 con BOM), una fila por línea de venta; fechas en la zona horaria de la tienda',
        querystring: salesExportQuerySchema,
        produces: ['text/csv'],
        // A string body is sent as it is: Fastify serializes only objects.
        response: { 200: z.string().describe('CSV'), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await exportSalesCsv(db, sessionOf(request).user, request.query, timeZone);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(request.query, timeZone)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
