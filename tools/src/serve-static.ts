import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { createGzip } from 'node:zlib';

/**
 * A small static server for production builds with the same caching, CORS and SPA rules as
 * the nginx images (deploy/nginx), used by `npm start`, the e2e suites and the benchmarks.
 */
export interface StaticServerOptions {
  /** Folder to serve (a production build). */
  root: string;
  port: number;
  host?: string;
  /** Serve index.html for unknown paths without a file extension (the host's deep links). */
  spa?: boolean;
  /** Files answered from memory instead of disk, e.g. a generated `/remotes.json`. */
  overrides?: Record<string, string>;
  /** Extra response headers (e.g. a CSP). */
  headers?: Record<string, string>;
}

export interface StaticServer {
  url: string;
  port: number;
  close: () => Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const COMPRESSIBLE = /\.(html|m?js|css|json|map|svg|txt)$/;
/** Files that must be revalidated on every load so a new deploy is picked up at once. */
const NO_CACHE = /(^|\/)(index\.html|remotes\.json|config\.json|mf-manifest\.json|mf-stats\.json|remoteEntry\.js)$/;
/** Content-hashed build output (`name.0123456789.js`) never changes under its name. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export function cacheControlFor(urlPath: string): string {
  if (NO_CACHE.test(urlPath)) return 'no-cache';
  if (HASHED.test(urlPath)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

async function resolveFile(root: string, urlPath: string, spa: boolean): Promise<string | null> {
  const decoded = decodeURIComponent(urlPath);
  const candidate = path.normalize(path.join(root, decoded));
  if (!candidate.startsWith(root)) return null;
  try {
    const info = await stat(candidate);
    if (info.isFile()) return candidate;
    if (info.isDirectory()) {
      const index = path.join(candidate, 'index.html');
      if ((await stat(index).catch(() => null))?.isFile()) return index;
    }
  } catch {
    // fall through to the SPA fallback
  }
  if (spa && !path.extname(decoded)) return path.join(root, 'index.html');
  return null;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, body: string, type: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function serveStatic(options: StaticServerOptions): Promise<StaticServer> {
  const root = path.resolve(options.root);
  const overrides = options.overrides ?? {};
  const server: Server = createServer(async (req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', '*');
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(req, res, 405, 'Method Not Allowed', 'text/plain');
      return;
    }
    const override = overrides[urlPath];
    if (override !== undefined) {
      res.setHeader('Cache-Control', 'no-cache');
      send(req, res, 200, override, MIME[path.extname(urlPath)] ?? 'text/plain');
      return;
    }
    const file = await resolveFile(root, urlPath, options.spa ?? false);
    if (!file) {
      send(req, res, 404, 'Not Found', 'text/plain');
      return;
    }
    const servedPath = file.slice(root.length).replace(/\\/g, '/');
    const extension = path.extname(file);
    res.setHeader('Content-Type', MIME[extension] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', cacheControlFor(servedPath));
    res.setHeader('Vary', 'Accept-Encoding');
    const gzip = COMPRESSIBLE.test(file) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.writeHead(200);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      resolve({
        url: `http://localhost:${port}`,
        port,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
