import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

/** Spanish messages for the failures Fastify itself raises before a handler runs. */
const FRAMEWORK_MESSAGES: Record<number, [string, string]> = {
  400: ['Bad Request', 'La solicitud no es válida. Revisa los datos enviados.'],
  404: ['Not Found', 'No encontramos lo que buscas.'],
  405: ['Method Not Allowed', 'Esta operación no está permitida aquí.'],
  413: ['Payload Too Large', 'El archivo o los datos enviados son demasiado grandes.'],
  415: ['Unsupported Media Type', 'El formato de los datos enviados no es compatible.'],
  429: ['Too Many Requests', 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.'],
};
const UNEXPECTED = 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.';

/** One error handler for the whole API: the error shape of DESIGN.md, no stack traces or SQL. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[field] ??= issue.message ?? 'Valor no válido';
      }
      request.log.info({ fields }, 'invalid request');
      return reply.code(400).send({
        error: 'Bad Request',
        message: Object.values(fields)[0] ?? (FRAMEWORK_MESSAGES[400] as [string, string])[1],
        fields,
      });
    }
    if (err instanceof AppError) {
      request.log.info({ status: err.statusCode, error: err.error }, err.message);
      return reply
        .code(err.statusCode)
        .send({ error: err.error, message: err.message, ...(err.fields ? { fields: err.fields } : {}) });
    }
    const status = err.statusCode ?? 500;
    const known = FRAMEWORK_MESSAGES[status];
    if (status < 500 && known) {
      request.log.info({ status, code: err.code }, err.message);
      return reply.code(status).send({ error: known[0], message: known[1] });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal Server Error', message: UNEXPECTED });
  });
});

export function sendApiNotFound(reply: import('fastify').FastifyReply) {
  const [error, message] = FRAMEWORK_MESSAGES[404] as [string, string];
  return reply.code(404).send({ error, message });
}
