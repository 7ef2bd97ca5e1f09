import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { apiErrorSchema, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from '@vitrina/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../errors';
import type { FileStorage } from '../../storage/local';
import { storeImage } from './service';

/** Anonymous callers (registration) get a few uploads per window; signed-in users many more. */
const ANONYMOUS_UPLOADS = 10;
const SIGNED_IN_UPLOADS = 200;
const WINDOW = '15 minutes';

const tooLarge = () =>
  new AppError(413, 'Payload Too Large', `La imagen supera el máximo de ${UPLOAD_MAX_MB} MB.`);

export const uploadsRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: (request) =>
      request.session ? `user:${request.session.user.id_usuario}` : `ip:${request.ip}`,
    max: (_request, key) => (key.startsWith('user:') ? SIGNED_IN_UPLOADS : ANONYMOUS_UPLOADS),
    timeWindow: WINDOW,
    errorResponseBuilder: () =>
      new AppError(
        429,
        'Too Many Requests',
        'Has subido demasiadas imágenes. Espera unos minutos e inténtalo de nuevo.',
      ),
  });

  app.post(
    '/uploads',
    {
      config: { access: 'anyone', readsSession: true, rateLimit: {} },
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
      const file = await request.file().catch(() => undefined);
      if (!file) throw badRequest('Elige una imagen para subir.', { file: 'Elige una imagen para subir' });
      const bytes = await file.toBuffer().catch((err: { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err;
      });
      const folder = request.session?.user.admin ? 'productos' : 'avatars';
      return reply.code(201).send({ secure_url: await storeImage(storage, folder, bytes) });
    },
  );
};
