import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SECOND_FACTOR_KINDS } from 'contract';
import type { EntityManager } from 'typeorm';

/** What can serve as a second factor after the password (an authenticator app, a passkey). */
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/** One factor an account has, as its owner sees it: never a secret. */
export interface SecondFactorSummary {
  kind: SecondFactorKind;
  /** When it was added (epoch ms). */
  addedAt: number;
}

/** Every kind of second factor the backend knows; each source registers itself at start-up. */
@Injectable()
export class SecondFactorRegistry {
  private readonly sources = new Map<SecondFactorKind, RegisteredFactorSource>();

  register(source: RegisteredFactorSource): void {
    this.sources.set(source.kind, source);
  }

  async factorsOf(adminId: string, manager?: EntityManager): Promise<SecondFactorSummary[]> {
    const lists = await Promise.all([...this.sources.values()].map((s) => s.factorsOf(adminId, manager)));
    return lists.flat().sort((a, b) => a.addedAt - b.addedAt);
  }

  async hasAnyFactor(adminId: string, manager?: EntityManager): Promise<boolean> {
    return (await this.factorsOf(adminId, manager)).length > 0;
  }

  /** Removes every factor of every kind from the account; returns how many. */
  async removeAllOf(adminId: string, manager: EntityManager): Promise<number> {
    let removed = 0;
    for (const source of this.sources.values()) removed += await source.removeAllOf(adminId, manager);
    return removed;
  }
}

/** A kind of factor: it registers itself, so the questions about every factor need not know their tables. */
export abstract class RegisteredFactorSource implements OnModuleInit {
  abstract readonly kind: SecondFactorKind;

  constructor(protected readonly registry: SecondFactorRegistry) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  abstract factorsOf(adminId: string, manager?: EntityManager): Promise<SecondFactorSummary[]>;
  /** Removes every factor of this kind from the account (a reset); returns how many. */
  abstract removeAllOf(adminId: string, manager: EntityManager): Promise<number>;
}
