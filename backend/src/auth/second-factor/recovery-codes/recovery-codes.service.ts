import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { RECOVERY_CODE_COUNT } from 'contract';
import { randomInt } from 'node:crypto';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import { PasswordHasher } from '../../../admin-users/password-hasher.service.js';
import { RecoveryCode } from './recovery-code.entity.js';

/** Letters and digits that cannot be mistaken for one another when copied from paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 10 characters of 31: about 50 bits, far beyond guessing under the login rate limit. */
const CODE_LENGTH = 10;

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function normalisedRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  const normalised = normalisedRecoveryCode(code);
  return normalised.length === CODE_LENGTH && [...normalised].every((c) => ALPHABET.includes(c));
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Single-use recovery codes: shown once, kept only as argon2 hashes, each spent by its first use. */
@Injectable()
export class RecoveryCodesService {
  constructor(
    @InjectRepository(RecoveryCode) private readonly codes: Repository<RecoveryCode>,
    private readonly hasher: PasswordHasher,
  ) {}

  /** Replaces the account's codes with new ones and returns them, the only time they are seen. */
  async replace(adminId: string, manager: EntityManager): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((code) => this.hasher.hash(normalisedRecoveryCode(code))));
    await this.removeAllOf(adminId, manager);
    await manager.insert(
      RecoveryCode,
      hashes.map((codeHash) => ({ adminId, codeHash, usedAt: null })),
    );
    return codes;
  }

  /** Spends a code: true when it matched an unused one (which never works again). */
  async use(adminId: string, code: string): Promise<boolean> {
    if (!looksLikeRecoveryCode(code)) return false;
    const normalised = normalisedRecoveryCode(code);
    const unused = await this.codes
      .createQueryBuilder('code')
      .addSelect('code.codeHash')
      .where('code.adminId = :adminId AND code.usedAt IS NULL', { adminId })
      .getMany();
    for (const row of unused) {
      if (!(await this.hasher.verify(row.codeHash, normalised))) continue;
      // Two requests racing with the same code: only the one that marks it used wins.
      const result = await this.codes.update({ id: row.id, usedAt: IsNull() }, { usedAt: Date.now() });
      return (result.affected ?? 0) === 1;
    }
    return false;
  }

  async remainingOf(adminId: string): Promise<number> {
    return this.codes.countBy({ adminId, usedAt: IsNull() });
  }

  async removeAllOf(adminId: string, manager: EntityManager): Promise<number> {
    return (await manager.delete(RecoveryCode, { adminId })).affected ?? 0;
  }
}
