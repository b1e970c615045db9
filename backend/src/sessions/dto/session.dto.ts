import { ApiProperty } from '@nestjs/swagger';

/** One of the current administrator's sessions, as the sessions list shows it (never its cookie). */
export class AdminSessionDto {
  /** An opaque id for ending this session; not the session cookie. @example "pF3y0yK1b2c3d4e5f6g7h8" */
  id: string;
  /** The browser and its major version, from the User-Agent. @example "Chrome 130" */
  browser: string | null;
  /** The operating system, from the User-Agent. @example "Android 14" */
  os: string | null;
  /** Which kind of device. */
  @ApiProperty({ enum: ['desktop', 'mobile', 'tablet', 'other'] })
  deviceType: 'desktop' | 'mobile' | 'tablet' | 'other';
  /** The client's address at login. @example "203.0.113.7" */
  address: string | null;
  /** When the administrator logged in with it. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  startedAt: Date | null;
  /** When it was last used. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastSeenAt: Date | null;
  /** Whether this is the session of the request that asked. */
  current: boolean;
}

/** How many sessions an action ended. */
export class EndedSessionsDto {
  /** @example 2 */
  ended: number;
}
