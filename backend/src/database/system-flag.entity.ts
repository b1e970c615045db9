import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One-time facts about this installation ('first-admin', 'demo-seeded'). The primary key
 * makes claiming a flag atomic on every dialect: of two racing inserts, one fails.
 */
@Entity('system_flag')
export class SystemFlag {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
