import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DataSource, LessThan } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors.js';
import { JobLock } from './job-lock.entity.js';

const HEARTBEAT_MS = 5_000;
/** A lock not refreshed for this long belongs to a process that died. */
export const STALE_LOCK_MS = 30_000;

/** Runs work under a named lock shared by every instance; a second caller gets 409. */
@Injectable()
export class JobLockService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** True while a live process holds the lock. */
  async isHeld(name: string): Promise<boolean> {
    const lock = await this.dataSource.getRepository(JobLock).findOneBy({ name });
    return lock !== null && lock.heartbeatAt >= Date.now() - STALE_LOCK_MS;
  }

  async run<T>(name: string, busyMessage: string, work: () => Promise<T>): Promise<T> {
    const locks = this.dataSource.getRepository(JobLock);
    const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
    await locks.delete({ name, heartbeatAt: LessThan(Date.now() - STALE_LOCK_MS) });
    try {
      await locks.insert({ name, owner, heartbeatAt: Date.now() });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(busyMessage);
      throw error;
    }
    const heartbeat = setInterval(() => {
      locks.update({ name, owner }, { heartbeatAt: Date.now() }).catch(() => undefined);
    }, HEARTBEAT_MS);
    try {
      return await work();
    } finally {
      clearInterval(heartbeat);
      await locks.delete({ name, owner });
    }
  }
}
