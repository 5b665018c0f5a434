// compression's own types (@types/compression) describe it as Express middleware; it works on
// plain node:http requests and responses, which is how the static server uses it.
declare module 'compression' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface CompressionOptions {
    /** zlib level, 0–9. */
    level?: number;
    /** Smallest body compressed, in bytes. */
    threshold?: number;
  }

  export default function compression(options?: CompressionOptions): (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
}
