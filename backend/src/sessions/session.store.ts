import session from 'express-session';
import { LessThan, type Repository } from 'typeorm';
import { Session } from './session.entity.js';

declare module 'express-session' {
  /** What this app keeps in a session besides passport's user id: the type of `request.session`. */
  interface SessionData {
    passport?: { user?: string };
    /** Epoch ms after which the session ends however active it is (absolute timeout). */
    absoluteExpiresAt?: number;
    /** When the admin last gave their password or a passkey (epoch ms): dangerous actions need it recent. */
    authenticatedAt?: number;
    /** Where and when the admin logged in, for the sessions list (kept in columns too). */
    device?: SessionDevice;
    /** The password was right; the second factor is still to come (the session is not logged in). */
    secondFactorPending?: { adminId: string; since: number };
    /** Logged in, but the policy requires a second factor this admin has not set up yet. */
    enrolmentRequired?: boolean;
  }
}

export interface SessionDevice {
  startedAt: number;
  userAgent: string | null;
  address: string | null;
}

type Callback<T = void> = (error?: unknown, value?: T) => void;

/** express-session's callback style over a promise. */
function settle<T>(work: Promise<T>, callback?: Callback<T> | Callback): void {
  work.then(
    (value) => (callback as Callback<T> | undefined)?.(null, value),
    (error) => callback?.(error),
  );
}

/** express-session store on the app's database: every instance shares it, and an admin's sessions can end. */
export class DatabaseSessionStore extends session.Store {
  private lastSweep = 0;

  constructor(
    private readonly sessions: Repository<Session>,
    private readonly idleMs: number,
  ) {
    super();
  }

  override get(sid: string, callback: Callback<session.SessionData | null>): void {
    settle(this.read(sid), callback);
  }

  override set(sid: string, data: session.SessionData, callback?: Callback): void {
    const row = {
      sid,
      data: JSON.stringify(data),
      expiresAt: this.expiryOf(data),
      userId: data.passport?.user ?? null,
      startedAt: data.device?.startedAt ?? null,
      userAgent: data.device?.userAgent ?? null,
      address: data.device?.address ?? null,
      lastSeenAt: Date.now(),
    };
    settle(
      this.sessions.upsert(row, ['sid']).then(() => this.sweep()),
      callback,
    );
  }

  /** Extends a live session and notes its use; never re-creates one destroyed meanwhile (logout). */
  override touch(sid: string, data: session.SessionData, callback?: Callback): void {
    settle(
      this.sessions.update({ sid }, { expiresAt: this.expiryOf(data), lastSeenAt: Date.now() }),
      callback,
    );
  }

  override destroy(sid: string, callback?: Callback): void {
    settle(this.sessions.delete({ sid }), callback);
  }

  private async read(sid: string): Promise<session.SessionData | null> {
    const row = await this.sessions.findOneBy({ sid });
    if (!row) return null;
    const data = JSON.parse(row.data) as session.SessionData;
    const now = Date.now();
    if (row.expiresAt <= now || (data.absoluteExpiresAt !== undefined && data.absoluteExpiresAt <= now)) {
      await this.sessions.delete({ sid });
      return null;
    }
    return data;
  }

  private expiryOf(data: session.SessionData): number {
    const expires = data.cookie?.expires;
    const idle = expires ? new Date(expires).getTime() : Date.now() + this.idleMs;
    const absolute = data.absoluteExpiresAt;
    return absolute === undefined ? idle : Math.min(idle, absolute);
  }

  /** Deletes expired rows now and then, piggy-backing on writes instead of a timer. */
  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    await this.sessions.delete({ expiresAt: LessThan(now) });
  }
}
