import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Piscina } from 'piscina';
import { fieldRefusal } from '../../common/api-error.js';
import { backgroundPool } from '../../common/background-pool.js';
import type { PasswordWeakness } from './password-strength.js';

type Check = { password: string; userInputs: string[] };

/** Refuses a weak password (400 WEAK_PASSWORD, zxcvbn's keys) in a worker that frees its memory when idle. */
@Injectable()
export class PasswordStrengthCheck implements OnModuleDestroy {
  private pool?: Piscina<Check, PasswordWeakness | null>;

  async assertStrong(password: string, field: string, username: string): Promise<void> {
    this.pool ??= backgroundPool('admin-users/credential-safety/password-strength.js', {
      idleMs: 2_000,
    });
    const weakness = await this.pool.run({ password, userInputs: [username] });
    if (!weakness) return;
    const params = { warning: weakness.warning, suggestion: weakness.suggestion };
    const message = 'The password is too easy to guess: use a longer one, several uncommon words for example';
    throw fieldRefusal(400, 'WEAK_PASSWORD', field, message, params);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}
