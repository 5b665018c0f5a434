// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- e2e compiles this file in its own project: the local typing of compression comes along
/// <reference path="./compression.d.ts" />
import compression from 'compression';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { FILES } from '@suwerte/federation';

/**
 * The static server of production builds for `npm start`, the e2e suites and the benchmarks:
 * sirv (files, types, ranges, ETags; a build's precompressed `.br`/`.gz` twin when the browser takes
 * it) behind compression (gzip on the fly for the rest), with the caching,
 * CORS and SPA rules of the nginx images (deploy/nginx). sirv reads the folder once at start
 * and serves only the files it found there, so no URL (encoded slashes, dot segments, broken
 * escapes) can reach a file outside it.
 */
export interface StaticServerOptions {
  /** Folder to serve (a production build). */
  root: string;
  port: number;
  host?: string;
  /** Serve app.html (index.html when the build has none) for unknown paths without a file extension (the host's deep links, docs/decisions/236). */
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

/** Files that must be revalidated on every load so a new deploy is picked up at once. */
/** Files a release or the site's configuration changes in place: always revalidated (@suwerte/federation's FILES). */
const NO_CACHE = new RegExp(`(^|/)(${['index.html', 'app.html', FILES.registry, FILES.runtimeConfig, FILES.manifest, 'mf-stats.json', FILES.remoteEntry].map((name) => name.replace(/\./g, '\\.')).join('|')})$`);
/** Content-hashed build output (`name.0123456789.js`) never changes under its name. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
/** Dot files are never served (as the nginx images' `location ~ /\.`). */
const DOT_SEGMENT = /\/\./;

export function cacheControlFor(urlPath: string): string {
  if (NO_CACHE.test(urlPath)) return 'no-cache';
  if (HASHED.test(urlPath)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

const OVERRIDE_TYPES: Record<string, string> = { '.json': 'application/json; charset=utf-8', '.html': 'text/html; charset=utf-8' };

function send(req: IncomingMessage, res: ServerResponse, status: number, body: string, type: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function serveStatic(options: StaticServerOptions): Promise<StaticServer> {
  const root = path.resolve(options.root);
  const overrides = options.overrides ?? {};
  // As the nginx images: a file's precompressed twin (docs/decisions/227) as it is, else gzip level 6
  // on the fly for text of 256 bytes and more (compression leaves an encoded answer alone).
  const compress = compression({ level: 6, threshold: 256 });
  const files = sirv(root, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    // The host's deep links get app.html (its early script); `/` is index.html, as nginx answers them.
    single: options.spa ? (existsSync(path.join(root, 'app.html')) ? 'app.html' : true) : false,
    // `pathname` is the path asked for: one without an extension was answered with an index.html.
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(path.extname(pathname) ? pathname : '/index.html'));
    },
  });
  const notFound = (req: IncomingMessage, res: ServerResponse) => send(req, res, 404, 'Not Found', 'text/plain; charset=utf-8');

  const server: Server = createServer((req, res) => {
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
      send(req, res, 405, 'Method Not Allowed', 'text/plain; charset=utf-8');
      return;
    }
    // Only the path matters; a URL node cannot parse is simply not found.
    const urlPath = URL.canParse(req.url ?? '/', 'http://localhost') ? new URL(req.url ?? '/', 'http://localhost').pathname : null;
    if (urlPath === null || DOT_SEGMENT.test(urlPath)) {
      notFound(req, res);
      return;
    }
    const override = overrides[urlPath];
    if (override !== undefined) {
      res.setHeader('Cache-Control', 'no-cache');
      // Compressed on the fly as nginx does (gzip_types application/json): a registry naming every
      // remote and release is a kilobyte or more.
      compress(req, res, () => send(req, res, 200, override, OVERRIDE_TYPES[path.extname(urlPath)] ?? 'text/plain; charset=utf-8'));
      return;
    }
    compress(req, res, () => files(req, res, () => notFound(req, res)));
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
