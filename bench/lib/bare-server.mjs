// The load bench's ceiling: a bare Fastify sending, on the port it is given, the very bytes and headers
// the shop sent for one answer (api-load.mjs captures them into the file it is given). It logs every
// request as the shop does, with the shop's own logger options read from the same LOG_LEVEL and
// NODE_ENV, to the same destination (its standard output). It runs as a process of its own, as the shop
// does: in the same process as autocannon it got half the machine.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { tsImport } from 'tsx/esm/api';

const [port, answerFile] = process.argv.slice(2);
const { loadConfig } = await tsImport('../../apps/server/src/config.ts', import.meta.url);
const { loggerOptions } = await tsImport('../../apps/server/src/logger.ts', import.meta.url);
const { headers, body } = JSON.parse(readFileSync(answerFile, 'utf8'));
const bytes = Buffer.from(body, 'base64');

const app = Fastify({ logger: loggerOptions(loadConfig()) });
app.get('/', (_request, reply) => reply.headers(headers).send(bytes));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
