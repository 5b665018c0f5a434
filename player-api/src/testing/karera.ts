// Test helpers for Video Karera over real sockets: a socket.io client that records every event.
import type { KareraSide } from '@suwerte/contracts';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';

export interface Received {
  event: string;
  payload: unknown;
}

/** The http:// address a listening app answers on. */
export function serverUrl(app: FastifyInstance): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A socket ticket (POST /karera/ticket) from the API at `url` for the session of `token`. */
export async function ticketFor(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}/karera/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
  if (response.status !== 200) throw new Error(`ticket: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accesstoken: string }).accesstoken;
}

/** A real socket.io client of the game server that records every event it receives. */
export class KareraClient {
  readonly socket: Socket;
  readonly events: Received[] = [];
  private waiters: (() => void)[] = [];

  constructor(url: string, query: Record<string, string>) {
    this.socket = connect(url, { query, transports: ['websocket'], reconnection: false, forceNew: true });
    this.socket.onAny((event: string, payload: unknown) => {
      this.events.push({ event, payload });
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Resolves once connected; rejects with the server's refusal. */
  connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.socket.connected) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', (error) => reject(error));
    });
  }

  /** The index the next event will get (to wait only for events after this point). */
  get mark(): number {
    return this.events.length;
  }

  /** The first `event` at or after `from` (and matching `where`), waiting up to `timeoutMs`. */
  async next<T>(event: string | string[], { from = 0, where = () => true, timeoutMs = 5_000 }: { from?: number; where?: (payload: T) => boolean; timeoutMs?: number } = {}): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const names = Array.isArray(event) ? event : [event];
      const found = this.events.slice(from).find((received) => names.includes(received.event) && where(received.payload as T));
      if (found) return found.payload as T;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${String(event)} within ${timeoutMs} ms; got ${this.events.map((e) => e.event).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  bet(bet: KareraSide | number, Amount: unknown, requestId?: string): void {
    this.socket.emit('bet', requestId === undefined ? { bet, Amount } : { bet, Amount, requestId });
  }

  /** Sends a bet and waits for its answer. */
  async betAndWait(bet: KareraSide, Amount: unknown): Promise<Received> {
    const from = this.mark;
    this.bet(bet, Amount);
    await this.next<unknown>(['betsuccessful', 'betfailed'], { from, timeoutMs: 2_000 });
    const answer = this.events.slice(from).find((received) => received.event === 'betsuccessful' || received.event === 'betfailed');
    if (!answer) throw new Error('no answer to the bet');
    return answer;
  }
}
