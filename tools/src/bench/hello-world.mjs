// The API bench's floor: a hello-world Fastify on this machine, measured in the same run as the
// player API so every figure reads as a share of what Node and Fastify can do here at all.
//   node tools/src/bench/hello-world.mjs <port>
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/health', async () => ({ ok: true }));
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
