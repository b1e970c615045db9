import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, Repository, type EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error.js';
import type { AdminSessionDto } from './dto/session.dto.js';
import { describeUserAgent, publicSessionId } from './session-device.js';
import { Session } from './session.entity.js';

const toDate = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs));

/** Lists and ends sessions: an ended one's row is deleted, so its browser's next request is logged out. */
@Injectable()
export class SessionsService {
  constructor(@InjectRepository(Session) private readonly sessions: Repository<Session>) {}

  /** A user's live sessions, the most recently used first; `currentSid` is marked current. */
  async listOf(userId: string, currentSid: string): Promise<AdminSessionDto[]> {
    const rows = await this.sessions.find({ where: { userId }, order: { lastSeenAt: 'DESC' } });
    const now = Date.now();
    return rows
      .filter((row) => row.expiresAt > now)
      .map((row) => ({
        id: publicSessionId(row.sid),
        ...describeUserAgent(row.userAgent),
        address: row.address,
        startedAt: toDate(row.startedAt),
        lastSeenAt: toDate(row.lastSeenAt),
        current: row.sid === currentSid,
      }));
  }

  /** Ends one of a user's sessions by its public id, in `manager`'s transaction; never the current one (log out). */
  async endOne(manager: EntityManager, userId: string, id: string, currentSid: string): Promise<Session> {
    const repository = manager.getRepository(Session);
    const rows = await repository.find({
      where: { userId },
      select: { sid: true, userAgent: true, address: true },
    });
    const target = rows.find((row) => publicSessionId(row.sid) === id);
    if (!target) throw new ApiError(404, 'SESSION_NOT_FOUND', 'Session not found: it may have ended already');
    if (target.sid === currentSid) {
      throw new ApiError(409, 'CURRENT_SESSION', 'This is the current session: log out to end it');
    }
    await repository.delete({ sid: target.sid });
    return target;
  }

  /** Ends every session of a user, or every one but `exceptSid` (the caller's own); returns how many. */
  async endSessionsOf(userId: string, exceptSid?: string, manager?: EntityManager): Promise<number> {
    const repository = manager ? manager.getRepository(Session) : this.sessions;
    const result = await repository.delete(exceptSid ? { userId, sid: Not(exceptSid) } : { userId });
    return result.affected ?? 0;
  }
}
