import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import {
  RegisteredFactorSource,
  SecondFactorRegistry,
  type SecondFactorSummary,
} from '../second-factor/second-factor.js';
import { Passkey } from './passkey.entity.js';

/** Each passkey is a second factor after the password. */
@Injectable()
export class PasskeyFactorSource extends RegisteredFactorSource {
  readonly kind = 'passkey' as const;

  constructor(
    @InjectRepository(Passkey) private readonly passkeys: Repository<Passkey>,
    registry: SecondFactorRegistry,
  ) {
    super(registry);
  }

  async factorsOf(adminId: string, manager?: EntityManager): Promise<SecondFactorSummary[]> {
    const repository = manager ? manager.getRepository(Passkey) : this.passkeys;
    const rows = await repository.find({ where: { adminId }, select: { id: true, createdAt: true } });
    return rows.map((row) => ({ kind: this.kind, addedAt: row.createdAt }));
  }

  async removeAllOf(adminId: string, manager: EntityManager): Promise<number> {
    return (await manager.delete(Passkey, { adminId })).affected ?? 0;
  }
}
