// Compressed answers: a phone's link carries the basketball schedule in a quarter of its bytes
// (docs/decisions/237).
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Smaller answers go as they are: compressing them saves less than the header it adds. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export const compressionPlugin = fp(
  async (app) => {
    // Only the answers of reads: an answer to a sign-in or a change (a token, a balance) is never
    // compressed beside text the request chose. Runs before the plugin's own hook reads it.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.every((method) => method === 'GET' || method === 'HEAD')) route.compress = false;
    });
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      // Request bodies stay as sent: no compressed uploads to inflate past the body limit.
      globalDecompression: false,
    });
  },
  { name: 'suwerte-compression' },
);
