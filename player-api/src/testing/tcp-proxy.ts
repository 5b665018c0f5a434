// A TCP proxy a test puts between the API and a server it depends on (PostgreSQL, Redis), to
// take that server away and bring it back as an outage would: `cut` refuses new connections and
// drops the open ones (a server stopped or crashed), `freeze` keeps the connections but carries
// nothing (a hung server, a network that drops packets), `restore` carries again (connections
// open while frozen lost bytes: they are dropped, and their clients connect anew).
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1). */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  cut(): Promise<void>;
  freeze(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let frozen = false;
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = createConnection(target);
        const pair: [Socket, Socket] = [client, upstream];
        pairs.add(pair);
        const end = () => {
          pairs.delete(pair);
          client.destroy();
          upstream.destroy();
        };
        for (const [from, to] of [pair, [upstream, client] as const]) {
          from.on('data', (chunk: Buffer) => {
            if (!frozen) to.write(chunk);
          });
          from.on('error', end);
          from.on('close', end);
        }
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      if (!current) return resolve();
      current.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut: stop,
    freeze() {
      frozen = true;
    },
    async restore() {
      if (frozen) {
        frozen = false;
        for (const [client, upstream] of pairs) {
          client.destroy();
          upstream.destroy();
        }
        pairs.clear();
      }
      if (!server) await listen();
    },
    close: stop,
  };
}
