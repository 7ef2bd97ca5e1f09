import { apiErrorSchema, type CurrencyCode, dashboardSchema } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { dashboardSummary } from './dashboard';

const tags = ['Administración'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The admin's dashboard. */
export interface AdminRoutesOptions {
  db: Db;
  /** SHOP_TIMEZONE: the dashboard's days. */
  timeZone: string;
  /** SHOP_CURRENCY: the amounts in its audit entries. */
  currency: CurrencyCode;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { db, timeZone, currency },
) => {
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
    async () => dashboardSummary(db, { timeZone, currency }),
  );
};
