type Handler = (...args: unknown[]) => void;

/**
 * A stand-in for a socket.io client socket in unit tests: records what the page sends and lets
 * the test play the game server. End-to-end tests use the real game server.
 */
export class FakeSocket {
  readonly url: string;
  readonly options: Record<string, unknown>;
  connected = false;
  active = true;
  readonly sent: { event: string; payload: unknown }[] = [];
  private readonly handlers = new Map<string, Handler[]>();
  private readonly managerHandlers = new Map<string, Handler[]>();

  constructor(url: string, options: Record<string, unknown>) {
    this.url = url;
    this.options = options;
    this.io.opts.query = options.query;
  }

  /** How often the page asked to connect again by itself. */
  connectCalls = 0;

  readonly io = {
    /** The manager's options: the page puts a new ticket in `query` before each reconnection. */
    opts: {} as { query?: unknown },
    on: (event: string, handler: Handler) => {
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), handler]);
    },
    reconnectionDelay: () => Number(this.options.reconnectionDelay ?? 1000),
    reconnectionDelayMax: () => Number(this.options.reconnectionDelayMax ?? 5000),
  };

  readonly volatile = {
    emit: (event: string, payload: unknown) => {
      if (this.connected) this.sent.push({ event, payload });
    },
  };

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  connect(): this {
    this.connectCalls += 1;
    return this;
  }

  disconnect(): this {
    this.active = false;
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }

  // The test plays the server with these.
  fire(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }

  fireManager(event: string, ...args: unknown[]): void {
    for (const handler of this.managerHandlers.get(event) ?? []) handler(...args);
  }

  goLive(): void {
    this.connected = true;
    this.fire('connect');
  }

  drop(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
    this.fireManager('reconnect_attempt', 1);
  }
}

/** Every socket the page opened in the current test, oldest first (reset it in `beforeEach`). */
export const sockets: FakeSocket[] = [];
