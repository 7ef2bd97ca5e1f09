import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * The server's log. In production and tests: pino's JSON, one object per line, with Fastify's usual two
 * entries per request ('incoming request', 'request completed'), for log collectors. In development: one
 * readable line per entry, and one per request ("GET /api/products 200 4 ms"), written by the small
 * formatter below, so no pretty-printer package is ever loaded.
 */
export function loggerOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  out: Output = process.stdout,
): NonNullable<FastifyServerOptions['logger']> {
  if (config.env !== 'development') return { level: config.logLevel };
  return {
    level: config.logLevel,
    // The completed request's entry carries its method and URL, so one line says everything.
    serializers: {
      res: (reply) => {
        const request = (reply as { request?: { method?: string; url?: string } }).request;
        return { statusCode: reply.statusCode, method: request?.method, url: request?.url };
      },
    },
    stream: readableLines(out, { color: Boolean(out.isTTY) && !process.env.NO_COLOR }),
  };
}

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields, and Fastify's request fields, which the line shows its own way (or not at all). */
const OWN_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

const paint = (code: number) => (text: string) => `\x1b[${code}m${text}\x1b[0m`;
const plain = (text: string) => text;

/** A pino destination that turns each JSON entry into one line for a person (stack traces below it). */
export function readableLines(out: Output, { color = false } = {}) {
  const dim = color ? paint(2) : plain;
  const yellow = color ? paint(33) : plain;
  const red = color ? paint(31) : plain;
  const byLevel = (level: number) => (level >= 50 ? red : level >= 40 ? yellow : plain);
  const byStatus = (status: number) => (status >= 500 ? red : status >= 400 ? yellow : plain);

  return {
    write(chunk: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(chunk);
      } catch {
        out.write(chunk);
        return;
      }
      const level = Number(entry.level);
      const msg = typeof entry.msg === 'string' ? entry.msg : '';
      // The completed request's line says it all; the ready line says where the server listens.
      if (msg === 'incoming request' || msg.startsWith('Server listening at ')) return;

      const time = dim(new Date(Number(entry.time)).toTimeString().slice(0, 8));
      const label = LEVELS[level] ? `${byLevel(level)(LEVELS[level])} ` : '';
      const res = entry.res as { statusCode?: number; method?: string; url?: string } | undefined;
      const err = entry.err as { message?: string; stack?: string } | undefined;
      let line: string;
      if (res?.method && typeof entry.responseTime === 'number') {
        const status = Number(res.statusCode);
        line = `${time} ${label}${res.method} ${res.url} ${byStatus(status)(String(status))} ${dim(`${Math.round(entry.responseTime)} ms`)}`;
        if (msg !== 'request completed') line += ` ${msg}`;
      } else {
        line = `${time} ${label}${msg}`;
      }
      // Other fields as key=value, except a text the message already says (the ready line's url).
      for (const [key, value] of Object.entries(entry)) {
        if (OWN_FIELDS.has(key) || (typeof value === 'string' && msg.includes(value))) continue;
        line += ` ${dim(`${key}=`)}${typeof value === 'string' ? value : JSON.stringify(value)}`;
      }
      // A warning's or an error's stack follows on its own lines; below that, its message is enough.
      if (err && level >= 40 && err.stack) line += `\n${indent(err.stack)}`;
      else if (err?.message) line += ` ${dim('err=')}${err.message}`;
      out.write(`${line}\n`);
    },
  };
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
