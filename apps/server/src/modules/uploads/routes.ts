import multipart from '@fastify/multipart';
import { apiErrorSchema, mayManage, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import type { FileStorage } from '../../storage/local';
import { storeProductPhoto } from './photo-sizes';
import { storeImage } from './service';
import { takeUploadSlot, type UploadPolicy } from './upload-limit';

const tooLarge = () =>
  new AppError(413, 'Payload Too Large', `La imagen supera el máximo de ${UPLOAD_MAX_MB} MB.`);

export const uploadsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  storage: FileStorage;
  limit: UploadPolicy;
}> = async (app, { db, storage, limit }) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });

  app.post(
    '/uploads',
    {
      config: { access: 'anyone', readsSession: true },
      schema: {
        tags: ['Imágenes'],
        summary: `Sube una imagen (campo "file", máx. ${UPLOAD_MAX_MB} MB); responde su URL en WebP`,
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ secure_url: z.string() }),
          400: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // Counted before the body is read: a refused caller's file is never decoded.
      await takeUploadSlot(db, { userId: request.session?.user.id_usuario, ip: request.ip }, limit);
      const file = await request.file().catch(() => undefined);
      if (!file) throw badRequest('Elige una imagen para subir.', { file: 'Elige una imagen para subir' });
      const bytes = await file.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err;
      });
      // The owner and staff who run the catalog upload product photos (in several sizes); everyone else,
      // their avatar.
      const user = request.session?.user;
      const url =
        user && mayManage(user, 'catalogo')
          ? await storeProductPhoto({ storage, bytes })
          : await storeImage(storage, 'avatars', bytes);
      return reply.code(201).send({ secure_url: url });
    },
  );
};
