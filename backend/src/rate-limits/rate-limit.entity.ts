import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One counter of the rate limiter, in the shape rate-limiter-flexible's SQL stores expect. */
@Entity('rate_limit')
@Index('idx_rate_limit_expire', ['expire'])
export class RateLimitCounter {
  /** The limit's name and a SHA-256 of what it counts, so no address or username is stored. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  key: string;

  /** Points consumed in the current window (attempts, submissions, links). */
  @Column({ type: 'int', default: 0 })
  points: number;

  /** When the window (or the block) ends, in epoch milliseconds. */
  @Column({ type: 'bigint', nullable: true })
  expire: string | null;
}
