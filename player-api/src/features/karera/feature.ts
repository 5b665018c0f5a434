import {
  KARERA_EVENTS,
  KARERA_TOO_FAST_TEXT,
  KareraHandshakeQuerySchema,
  PLAYER_ROLE,
  TOKEN_ERROR_TEXT,
  type KareraServerToClientEvents,
} from '@suwerte/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AppContext, Feature } from '../../context';
import { useTicketOnce } from '../../db/sessions';
import { activeAccount } from '../../lib/auth';
import { loadKareraBetRate, loadKareraTimings, type KareraBetRate, type KareraTimings } from './config';
import { KareraGame, readRequestId, type KareraBetNotice, type KareraPlayer } from './game';
import { KARERA_SCHEMA } from './schema';

interface SocketData {
  player: KareraPlayer;
  /** The server-side session the ticket was issued for: a logout closes the socket. */
  sessionId: string;
  /** The account's session version the handshake's token was signed for. */
  sessionVersion: number;
  /** When the session expires unless renewed (ms since epoch, app clock): the socket closes then, and its page reconnects with a new ticket. */
  expiresAt: number;
}

/** What a client may send: `bet`, checked by the game (a client can send anything). */
interface ClientToServerEvents {
  bet: (payload: unknown) => void;
}

/**
 * Between the nodes of a site (socket.io's `serverSideEmit`, carried by the Redis adapter; with
 * one node it reaches nobody): a bet a node committed, for the leader's totals. Checked when it
 * arrives (KareraBetNoticeSchema).
 */
export const KARERA_BET_NOTICE = 'karera:bet';
interface InterServerEvents {
  [KARERA_BET_NOTICE]: (notice: KareraBetNotice) => void;
}

type KareraServer = Server<ClientToServerEvents, KareraServerToClientEvents, InterServerEvents, SocketData>;
type KareraSocket = Socket<ClientToServerEvents, KareraServerToClientEvents, InterServerEvents, SocketData>;

/** A refused handshake: the client sees `connect_error` with the text that logs a player out. */
function refused(): Error & { data: { message: string } } {
  return Object.assign(new Error(TOKEN_ERROR_TEXT), { data: { message: TOKEN_ERROR_TEXT } });
}

/**
 * Checks the handshake query (document 2, section 7: the user name and the access token). The
 * token is a socket ticket (`POST /karera/ticket`, the auth feature; docs/decisions/142): it must verify, be used
 * for the first time, belong to that user name and to an open session of a player. The session's
 * own token is refused: it never travels in a URL.
 */
function authenticateHandshake(ctx: AppContext, log: FastifyBaseLogger) {
  return (socket: KareraSocket, next: (error?: Error) => void) => {
    const query = KareraHandshakeQuerySchema.safeParse(socket.handshake.query);
    if (!query.success) return next(refused());
    const { username, accesstoken } = query.data;
    const check = async (): Promise<boolean> => {
      const ticket = await ctx.tokens.verifyTicket(accesstoken).catch(() => null);
      if (!ticket || ticket.UserInfo.username.toLowerCase() !== username.toLowerCase()) return false;
      const user = await activeAccount(ctx.sessionCheck, ticket);
      if (user?.role !== PLAYER_ROLE || user.username.toLowerCase() !== username.toLowerCase()) return false;
      // Once: a ticket read from a log, a proxy or the browser's history opens nothing.
      if (!(await useTicketOnce(ctx.store.db, { jti: ticket.jti, expiresAt: new Date(ticket.exp * 1000) }))) return false;
      const session = (await ctx.sessionCheck.sessions.byId(ticket.sid)).row;
      socket.data.player = { id: user.id, username: user.username };
      socket.data.sessionVersion = ticket.ver;
      socket.data.sessionId = ticket.sid;
      socket.data.expiresAt = session ? Date.parse(session.expires_at) : ctx.now().getTime();
      return true;
    };
    check().then(
      (ok) => next(ok ? undefined : refused()),
      (error: unknown) => {
        // The database did not answer: refused like a bad token would be, and logged.
        log.error({ err: error }, 'Video Karera: could not check a connection');
        next(refused());
      },
    );
  };
}

/**
 * Bets one socket may send (docs/decisions/146): a bucket of `burst` bets, refilled at
 * `perSecond`. A bet beyond is answered at once with `betfailed` and KARERA_TOO_FAST_TEXT — no
 * database work, and the socket stays connected.
 */
function betBucket({ burst, perSecond }: KareraBetRate, now: () => number): () => boolean {
  let tokens = burst;
  let at = now();
  return () => {
    const current = now();
    tokens = Math.min(burst, tokens + ((current - at) / 1000) * perSecond);
    at = current;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export interface KareraFeatureOptions {
  /** Round timings; read from KARERA_BETTING_MS, KARERA_CLOSED_MS, KARERA_RESULT_MS when absent. */
  timings?: KareraTimings;
  /** Bets per socket; read from KARERA_BET_BURST, KARERA_BETS_PER_SECOND when absent. */
  betRate?: KareraBetRate;
}

/**
 * The Video Karera game server: socket.io on the API's own HTTP server (same port; broadcasts
 * reach every node's sockets through the cluster's adapter), bets on every node, rounds on a
 * timer on the leader once the API listens (tests that only `inject` run no rounds),
 * settlement through the bets module. When this node stops leading, another continues the
 * round from the database (`handover`); the only node closing (`shutdown`) voids and refunds
 * the round in play. Closing the app closes every socket's transport, so clients reconnect.
 */
export function createKareraFeature(options: KareraFeatureOptions = {}): Feature {
  return {
    name: 'karera',
    ...KARERA_SCHEMA,
    register(app, ctx) {
      const timings = options.timings ?? loadKareraTimings();
      const betRate = options.betRate ?? loadKareraBetRate();
      const adapter = ctx.cluster.socketAdapter();
      const io: KareraServer = new Server(app.server, {
        serveClient: false,
        // The API's own allow-list: never any origin (long-polling is a cross-origin XHR).
        cors: { origin: [...ctx.corsOrigins], credentials: false },
        // A bet is a few dozen bytes.
        maxHttpBufferSize: 16 * 1024,
        connectTimeout: 20_000,
        ...(adapter ? { adapter } : {}),
      });
      const game = new KareraGame({
        store: ctx.store,
        now: ctx.now,
        timings,
        broadcast: (event, payload) => {
          // socket.io's typings cannot pair a generic event name with its payload; the game's signature does.
          io.emit(event, ...([payload] as Parameters<KareraServerToClientEvents[typeof event]>));
        },
        log: app.log,
        shared: ctx.cluster.shared,
        // socket.io's default adapter links no nodes (and warns on every serverSideEmit).
        ...(adapter ? { tellOtherNodes: (notice: KareraBetNotice) => io.serverSideEmit(KARERA_BET_NOTICE, notice) } : {}),
      });
      // Another node's bet: the leader counts it in the totals (others ignore it).
      io.on(KARERA_BET_NOTICE, (notice: unknown) => game.countBetOfAnotherNode(notice));

      io.use(authenticateHandshake(ctx, app.log));
      io.on('connection', (socket) => {
        const { player, expiresAt } = socket.data;
        // The ticket was checked once, at the handshake: when the session expires the socket is
        // closed; the page asks a new ticket to reconnect, which an expired session does not get.
        const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, Math.min(expiresAt - ctx.now().getTime(), 2 ** 31 - 1)));
        socket.on('disconnect', () => clearTimeout(expiry));
        // The resync: a page that (re)connects gets the round, totals, its stakes and the results.
        void game.snapshot(player.id).then(
          (state) => {
            if (socket.connected) socket.emit(KARERA_EVENTS.roundState, state);
          },
          (error: unknown) => app.log.error({ err: error, player: player.username }, 'Video Karera: could not read the round state'),
        );
        const mayBet = betBucket(betRate, () => Date.now());
        socket.on(KARERA_EVENTS.bet, (payload) => {
          if (!mayBet()) {
            const requestId = readRequestId(payload);
            socket.emit(KARERA_EVENTS.betFailed, requestId === undefined ? { message: KARERA_TOO_FAST_TEXT } : { message: KARERA_TOO_FAST_TEXT, requestId });
            return;
          }
          // The ack goes out once the bet is committed (or refused); `bet` answers every failure itself.
          void game.bet(player, payload).then((answer) => {
            if (answer.event === KARERA_EVENTS.betSuccessful) socket.emit(answer.event, answer.payload);
            else socket.emit(answer.event, answer.payload);
          });
        });
      });

      // A password change ends the account's other sessions: their sockets close now, and their
      // reconnection is refused like any call with that token (the page logs out).
      ctx.events.onSessionsEnded((userId, version) => {
        for (const socket of io.of('/').sockets.values()) {
          if (socket.data.player.id === userId && socket.data.sessionVersion < version) socket.disconnect(true);
        }
      });
      // A logout (on any node) closes that session's sockets; its page is signed out.
      ctx.events.onSessionEnded((sessionId) => {
        for (const socket of io.of('/').sockets.values()) if (socket.data.sessionId === sessionId) socket.disconnect(true);
      });

      // The rounds run on the leader: from `cluster.start()` (the API listens) or when this node
      // takes the lead, until it hands over or closes (app.ts stops the cluster before this
      // scope's preClose, so `stopbetting` reaches the sockets before their transports close).
      ctx.cluster.lead('karera', async () => {
        await game.start();
        return { stop: (reason) => game.stop(reason) };
      });
      app.addHook('preClose', async () => {
        // Closing the transports (rather than disconnecting the sockets) lets clients reconnect
        // by themselves when the server is back; the HTTP server can then finish closing.
        io.engine.close();
      });
    },
  };
}

export const kareraFeature: Feature = createKareraFeature();
