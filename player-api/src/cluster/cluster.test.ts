import { describe, expect, it, vi } from 'vitest';
import { openTestStore } from '../testing/test-store';
import { singleNode, type LeaderStopReason } from './cluster';
import { LeaderTasks } from './leader-tasks';
import { REDIS_NEEDS_POSTGRES_TEXT, openCluster } from './open';

const quiet = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

/** Work that records its starts and stops. */
function recorder() {
  const events: string[] = [];
  const start = async () => {
    events.push('start');
    return {
      stop: async (reason: LeaderStopReason) => {
        events.push(`stop:${reason}`);
      },
    };
  };
  return { events, start };
}

describe('one node (SQLite)', () => {
  it('is the only node: leads from start() to stop(), its work stops with shutdown; no Redis', async () => {
    const testStore = await openTestStore([], { engine: 'sqlite' });
    try {
      const cluster = openCluster(testStore.store, {}, quiet);
      const work = recorder();
      cluster.lead('work', work.start);
      expect(cluster.shared).toBe(false);
      expect(cluster.isLeader).toBe(false);
      expect(work.events).toEqual([]);
      await cluster.start();
      expect(cluster.isLeader).toBe(true);
      await cluster.start();
      expect(work.events).toEqual(['start']);
      await cluster.stop();
      expect(cluster.isLeader).toBe(false);
      expect(work.events).toEqual(['start', 'stop:shutdown']);
      expect(cluster.socketAdapter()).toBeUndefined();
      expect(cluster.sharedCounters()).toBeUndefined();
      await cluster.close();
    } finally {
      await testStore.close();
    }
  });

  it('refuses Redis: several nodes need PostgreSQL', async () => {
    const testStore = await openTestStore([], { engine: 'sqlite' });
    try {
      expect(() => openCluster(testStore.store, { redisUrl: 'redis://127.0.0.1:6379' }, quiet)).toThrow(REDIS_NEEDS_POSTGRES_TEXT);
    } finally {
      await testStore.close();
    }
  });

  it('tells nobody: a published message reaches no listener of its own node', () => {
    const cluster = singleNode(quiet);
    const heard: unknown[] = [];
    cluster.subscribe('topic', (message) => heard.push(message));
    cluster.publish('topic', { hello: 1 });
    expect(heard).toEqual([]);
  });
});

describe('the leader work', () => {
  it('tries a start that failed again at the next check; a failing stop does not keep the others running', async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const tasks = new LeaderTasks(log);
    const first = recorder();
    let attempts = 0;
    const stopped: string[] = [];
    tasks.add('first', first.start);
    tasks.add('flaky', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('database busy');
      return {
        stop: async () => {
          stopped.push('flaky');
          throw new Error('stuck');
        },
      };
    });
    expect(() => tasks.add('first', first.start)).toThrow(/registered twice/);

    await tasks.startMissing();
    expect(first.events).toEqual(['start']);
    expect(attempts).toBe(1);
    expect(log.error).toHaveBeenCalledTimes(1);
    await tasks.startMissing();
    // Only the missing one starts again.
    expect(first.events).toEqual(['start']);
    expect(attempts).toBe(2);

    await tasks.stopAll('handover');
    expect(stopped).toEqual(['flaky']);
    expect(first.events).toEqual(['start', 'stop:handover']);
    expect(log.error).toHaveBeenCalledTimes(2);
    // Nothing left running: a second stop stops nothing twice.
    await tasks.stopAll('handover');
    expect(first.events).toEqual(['start', 'stop:handover']);
  });
});
