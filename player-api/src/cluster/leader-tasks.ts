import type { FastifyBaseLogger } from 'fastify';
import type { LeaderStopReason, LeaderWork } from './cluster';

interface Task {
  name: string;
  start: () => Promise<LeaderWork>;
}

/**
 * The timed work a leader runs (`Cluster.lead`). The caller serializes the calls (the election
 * runs one step at a time), so a start and a stop of the same work never overlap. Errors are
 * logged, never thrown: one failing task must not keep the others from starting or stopping.
 */
export class LeaderTasks {
  private readonly tasks: Task[] = [];
  /** The work running now, in the order it started. */
  private readonly running = new Map<string, LeaderWork>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>) {}

  add(name: string, start: () => Promise<LeaderWork>): void {
    if (this.tasks.some((task) => task.name === name)) throw new Error(`leader work "${name}" is registered twice`);
    this.tasks.push({ name, start });
  }

  /** Starts every task not running yet. A start that fails is logged and tried again at the next call (the next check). */
  async startMissing(): Promise<void> {
    for (const task of this.tasks) {
      if (this.running.has(task.name)) continue;
      try {
        this.running.set(task.name, await task.start());
        this.log.info({ task: task.name }, 'cluster: leader work started');
      } catch (error) {
        this.log.error({ err: error, task: task.name }, 'cluster: could not start leader work; trying again at the next check');
      }
    }
  }

  /** Stops the running work, the last started first. */
  async stopAll(reason: LeaderStopReason): Promise<void> {
    for (const [name, work] of [...this.running].reverse()) {
      this.running.delete(name);
      try {
        await work.stop(reason);
        this.log.info({ task: name, reason }, 'cluster: leader work stopped');
      } catch (error) {
        this.log.error({ err: error, task: name, reason }, 'cluster: could not stop leader work');
      }
    }
  }
}
