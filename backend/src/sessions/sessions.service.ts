import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, Repository, type EntityManager } from 'typeorm';
import { Session } from './session.entity.js';

/** Ends sessions on the server, e.g. when an admin is deleted or changes a password. */
@Injectable()
export class SessionsService {
  constructor(@InjectRepository(Session) private readonly sessions: Repository<Session>) {}

  get repository(): Repository<Session> {
    return this.sessions;
  }

  /** Ends every session of a user, or every one but `exceptSid` (the caller's own). */
  async endSessionsOf(userId: string, exceptSid?: string, manager?: EntityManager): Promise<void> {
    const repository = manager ? manager.getRepository(Session) : this.sessions;
    await repository.delete(exceptSid ? { userId, sid: Not(exceptSid) } : { userId });
  }
}
