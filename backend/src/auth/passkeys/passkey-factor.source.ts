import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import {
  SecondFactorRegistry,
  type SecondFactorSource,
  type SecondFactorSummary,
} from '../second-factor/second-factor.js';
import { Passkey } from './passkey.entity.js';

/** Each passkey is a second factor after the password. */
@Injectable()
export class PasskeyFactorSource implements SecondFactorSource, OnModuleInit {
  readonly kind = 'passkey' as const;

  constructor(
    @InjectRepository(Passkey) private readonly passkeys: Repository<Passkey>,
    private readonly registry: SecondFactorRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
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
