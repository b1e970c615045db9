import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../database/transformers.js';

/**
 * A count that ends with its window, in the database so it holds across backend instances:
 * the submissions of one address or of everyone in a window, or a proof of work already spent
 * (count 1 until the proof would have expired anyway).
 */
@Entity('visitor_counter')
@Index('idx_visitor_counter_ends', ['windowEndsAt'])
export class VisitorCounter {
  /** SHA-256 of what is counted and its window, so no address is stored. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'int' })
  hits: number;

  @Column({ name: 'window_ends_at', type: 'bigint', transformer: epochMillis })
  windowEndsAt: number;
}
