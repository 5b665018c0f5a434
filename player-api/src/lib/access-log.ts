// The access log: one line per request, written with the answer (docs/decisions/093). Routine
// reads — a GET or HEAD answered successfully within a second — are the bulk of the traffic and
// the least telling, so they are written one in `readSample` (each such line says so); every other
// request is always written: writes (bets, cash-outs, sign-ins), refusals and errors, slow answers
// (docs/decisions/129). The ledger, not this log, is the record of money.
import type { FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';

/** An answer slower than this is never left out. */
export const SLOW_ANSWER_MS = 1_000;

/** Whether a request is a routine read: one of the lines that may be sampled. */
export function isRoutineRead(method: string, statusCode: number, elapsedMs: number): boolean {
  return (method === 'GET' || method === 'HEAD') && statusCode < 400 && elapsedMs < SLOW_ANSWER_MS;
}

/** The hook writing the access line; `readSample` 1 writes every line. */
export function accessLogHook(readSample: number): onResponseHookHandler {
  if (!Number.isInteger(readSample) || readSample < 1) throw new Error(`readSample must be a whole number ≥ 1, not ${readSample}`);
  let reads = 0;
  const write = (request: FastifyRequest, reply: FastifyReply, sampled: boolean) =>
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime, ...(sampled ? { sampled: readSample } : {}) }, 'request completed');
  return (request, reply, done) => {
    if (readSample > 1 && isRoutineRead(request.method, reply.statusCode, reply.elapsedTime)) {
      reads = (reads + 1) % readSample;
      if (reads === 1) write(request, reply, true);
    } else {
      write(request, reply, false);
    }
    done();
  };
}
