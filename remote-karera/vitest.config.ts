import path from 'node:path';
import { browserProject } from '../shared/kernel/vitest.browser-preset';

// Every test plays the game server through a fake socket.io client (src/testing/fake-socket.ts).
export default browserProject('remote-karera', { setupFiles: [path.join(import.meta.dirname, 'src/testing/mock-socket-io.ts')] });
