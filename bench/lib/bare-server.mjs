// The load bench's ceiling: a bare Fastify answering a fixed small JSON on the port it is given. It runs
// as a process of its own, as the shop does: in the same process as autocannon it got half the machine.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ ok: true, items: [1, 2, 3] }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
