import { vi } from 'vitest';

// The page's socket.io client, replaced in every unit test: each socket the page opens is a
// FakeSocket the test drives (`sockets` in ./fake-socket.ts). End-to-end tests use the real server.
vi.mock('socket.io-client', async () => {
  const { FakeSocket, sockets } = await import('./fake-socket');
  return {
    io: (url: string, options: Record<string, unknown>) => {
      const socket = new FakeSocket(url, options);
      sockets.push(socket);
      return socket;
    },
  };
});
