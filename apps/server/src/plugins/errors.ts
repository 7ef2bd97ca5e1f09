import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionLost } from '../db/connection-lost';
import { AppError, rootCause } from '../errors';

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
const UNAVAILABLE =
  'La tienda no puede atender tu solicitud en este momento. Intenta de nuevo en unos segundos.';
/**
 * Seconds a client should wait when the answer does not know better: a lost database connection comes
 * back within seconds; a rate limit that names no time is given a minute.
 */
const DEFAULT_RETRY_AFTER: Record<number, number> = { 429: 60, 503: 5 };

/** One error handler for the whole API: the error shape of DESIGN.md, no stack traces or SQL. */
export const errorsPlugin = fp(async function errorsPlugin(app: FastifyInstance) {
  // Every 429 and 503 says when to come back, whoever produced it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const wait = DEFAULT_RETRY_AFTER[reply.statusCode];
    if (wait !== undefined && !reply.hasHeader('retry-after')) reply.header('retry-after', wait);
    done(null, payload);
  });

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
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', err.retryAfterSeconds);
      return reply
        .code(err.statusCode)
        .send({ error: err.error, message: err.message, ...(err.fields ? { fields: err.fields } : {}) });
    }
    // The database dropped the connection or is restarting: nothing was the caller's fault, and the
    // same request will work again in a moment (a write either committed whole or not at all).
    if (isConnectionLost(err)) {
      // One short line: under a restart every request in flight lands here.
      request.log.warn({ reason: rootCause(err).message }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', DEFAULT_RETRY_AFTER[503])
        .send({ error: 'Service Unavailable', message: UNAVAILABLE });
    }
    // PostgreSQL refused a value (out of range, not valid text, too long): input the schemas should have
    // refused. Still the caller's input, not a fault of the shop; logged so the schema gets fixed.
    if (isDataException(err)) {
      request.log.warn({ reason: rootCause(err).message }, 'input reached the database unchecked');
      const [error, message] = FRAMEWORK_MESSAGES[400] as [string, string];
      return reply.code(400).send({ error, message });
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

/** SQLSTATE class 22, data exception: the statement was fine, a value in it was not. */
function isDataException(err: Error): boolean {
  const { code } = rootCause(err) as { code?: unknown };
  return typeof code === 'string' && code.length === 5 && code.startsWith('22');
}

/**
 * The answer to a URL the router cannot read (broken percent-encoding, an over-long parameter). No hook
 * runs for it, so it brings the security headers itself.
 */
export function badUrlAnswer(headers: Record<string, string>) {
  return (_err: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const [error] = FRAMEWORK_MESSAGES[400] as [string, string];
    return reply.code(400).headers(headers).send({
      error,
      message: 'La dirección solicitada no es válida. Revisa el enlace e inténtalo de nuevo.',
    });
  };
}

export function sendApiNotFound(reply: FastifyReply) {
  const [error, message] = FRAMEWORK_MESSAGES[404] as [string, string];
  return reply.code(404).send({ error, message });
}
