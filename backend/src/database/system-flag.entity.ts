import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One-time facts of this installation ('first-admin'): the primary key makes claiming one atomic. */
@Entity('system_flag')
export class SystemFlag {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
