import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DataSource, Like } from 'typeorm';
import { duplicateAs } from '../common/database-errors.js';
import { isProcessAlive } from '../common/process-liveness.js';
import { JobLock } from './database.entity.js';

const HEARTBEAT_MS = 5_000;
/** A lock not refreshed for this long belongs to a process that died. */
export const STALE_LOCK_MS = 30_000;

const HOST = hostname();

/** The lock was held: what tryRun turns into a skipped run. */
class LockBusy extends Error {}

/** Runs work under a named lock shared by every instance; a second caller gets 409. */
@Injectable()
export class JobLockService {
  /** Owner tokens of the locks this process holds right now. */
  private readonly held = new Set<string>();
  /** The jobs this process runs now, so that a stopping replica can wait for them. */
  private readonly running = new Set<Promise<unknown>>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Fresh heartbeat and, on this host, a running process (not an earlier one with our pid, e.g. pid 1). */
  async isHeld(name: string): Promise<boolean> {
    const lock = await this.dataSource.getRepository(JobLock).findOneBy({ name });
    return lock !== null && this.isLive(lock);
  }

  /** True while a live process holds any lock whose name starts with `prefix`. */
  async isAnyHeld(prefix: string): Promise<boolean> {
    const locks = await this.dataSource.getRepository(JobLock).findBy({ name: Like(`${prefix}%`) });
    return locks.some((lock) => this.isLive(lock));
  }

  private isLive(lock: JobLock): boolean {
    if (lock.heartbeatAt < Date.now() - STALE_LOCK_MS) return false;
    const [host, pid] = lock.owner.split(':');
    if (host !== HOST) return true;
    if (Number(pid) === process.pid) return this.held.has(lock.owner);
    return isProcessAlive(Number(pid));
  }

  /** Runs `work` under the lock, or skips it while another live process holds it (`ran` says which). */
  async tryRun<T>(name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
    const busy = new LockBusy();
    try {
      return { ran: true, value: await this.run(name, () => busy, work) };
    } catch (error) {
      if (error === busy) return { ran: false };
      throw error;
    }
  }

  /** Runs `work` under the lock; when another live process holds it, throws `busy()` (a 409). */
  async run<T>(name: string, busy: () => Error, work: () => Promise<T>): Promise<T> {
    const locks = this.dataSource.getRepository(JobLock);
    const owner = `${HOST}:${process.pid}:${randomUUID()}`;
    if (!(await this.isHeld(name))) await locks.delete({ name });
    await duplicateAs(locks.insert({ name, owner, heartbeatAt: Date.now() }), busy);
    this.held.add(owner);
    const heartbeat = setInterval(() => {
      locks.update({ name, owner }, { heartbeatAt: Date.now() }).catch(() => undefined);
    }, HEARTBEAT_MS);
    // The lock's release belongs to the job: a stopping replica waits for both.
    const job = (async () => {
      try {
        return await work();
      } finally {
        clearInterval(heartbeat);
        this.held.delete(owner);
        await locks.delete({ name, owner });
      }
    })();
    this.running.add(job);
    try {
      return await job;
    } finally {
      this.running.delete(job);
    }
  }

  /** Resolves once every job of this process has ended: a stopping replica never cuts a restore. */
  async whenIdle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
