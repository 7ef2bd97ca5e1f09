import multipart from '@fastify/multipart';
import {
  apiErrorSchema,
  CATALOG_CSV_MAX_BYTES,
  CATALOG_ZIP_MAX_BYTES,
  type CurrencyCode,
  IMPORT_MESSAGES,
  importQuerySchema,
  importResultSchema,
} from '@vitrina/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import type { FileStorage } from '../../storage/local';
import { exportCatalogCsv } from './catalog-export';
import { importCatalog } from './import-service';

const tags = ['Catálogo (administración)'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 413: apiErrorSchema };

const tooLarge = (message: string, field: string) =>
  new AppError(413, 'Payload Too Large', message, { [field]: message });

/** The CSV ('archivo') and the optional ZIP of photos ('imagenes') of a multipart request, each within its limit. */
async function importFiles(request: FastifyRequest): Promise<{ csv: Buffer; zip?: Buffer | undefined }> {
  if (!request.isMultipart())
    throw badRequest(IMPORT_MESSAGES.chooseCsv, { archivo: IMPORT_MESSAGES.chooseCsv });
  const files: { archivo?: Buffer; imagenes?: Buffer } = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'archivo') files.archivo = bytes;
      if (part.fieldname === 'imagenes') files.imagenes = bytes;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(IMPORT_MESSAGES.zipTooLarge, 'imagenes');
    }
    throw badRequest(IMPORT_MESSAGES.chooseCsv, { archivo: IMPORT_MESSAGES.chooseCsv });
  }
  if (!files.archivo || files.archivo.length === 0) {
    throw badRequest(IMPORT_MESSAGES.chooseCsv, { archivo: IMPORT_MESSAGES.chooseCsv });
  }
  if (files.archivo.length > CATALOG_CSV_MAX_BYTES) throw tooLarge(IMPORT_MESSAGES.csvTooLarge, 'archivo');
  return { csv: files.archivo, zip: files.imagenes?.length ? files.imagenes : undefined };
}

/**
 * Ajustes › Importar / Exportar (decision 089): the catalog out as CSV and in from CSV (with a ZIP of
 * photos), for the owner and the staff who run the catalog.
 */
export const catalogImportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  currency: CurrencyCode;
}> = async (app, { db, storage, currency }) => {
  await app.register(multipart, {
    limits: { fileSize: CATALOG_ZIP_MAX_BYTES, files: 2, fields: 5, parts: 10 },
  });

  app.get(
    '/products/export.csv',
    {
      config: { access: 'admin', staff: 'catalogo' },
      schema: {
        tags,
        summary:
          'El catálogo en CSV (UTF-8 con BOM): una fila por variante, con las columnas que lee la importación',
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV'), ...errors },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="catalogo.csv"')
        .header('cache-control', 'no-store')
        .send(await exportCatalogCsv(db, currency)),
  );

  app.post(
    '/products/import',
    {
      config: { access: 'admin', staff: 'catalogo' },
      schema: {
        tags,
        summary:
          'Importa el catálogo: multipart con "archivo" (CSV) y opcional "imagenes" (ZIP de fotos); ?dry_run=true solo revisa. Crea o actualiza por SKU, todo o nada',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: importResultSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = sessionOf(request);
      const { csv, zip } = await importFiles(request);
      return importCatalog({
        db,
        storage,
        currency,
        adminId: user.id_usuario,
        csv,
        zip,
        dryRun: request.query.dry_run,
        log: request.log,
      });
    },
  );
};
