import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Piscina } from 'piscina';
import { ApiError, type FieldError } from '../../common/api-error.js';
import { backgroundPool } from '../../common/background-pool.js';
import type { PasswordWeakness } from './password-strength.js';

type Check = { password: string; userInputs: string[] };

/**
 * Refuses a new password that zxcvbn scores below 3 (with English and Spanish dictionaries, the
 * site's own words and the account's username), naming the field the form shows it beside. The
 * reason travels as zxcvbn's keys (`params.warning`, `params.suggestion`; `siteWords` for a
 * password strong only by the site's words) for the admin to translate.
 *
 * zxcvbn runs in a worker thread that stops 2 s after its last check: once loaded, its
 * dictionaries hold about 40 MB of heap (70 MB of RSS), a third of what the web server keeps
 * alive at 10,000 shops, for a check made a few times a year. Loading them costs each check that
 * starts the worker about half a second.
 */
@Injectable()
export class PasswordStrengthCheck implements OnModuleDestroy {
  private pool?: Piscina<Check, PasswordWeakness | null>;

  async assertStrong(password: string, field: string, username: string): Promise<void> {
    this.pool ??= backgroundPool('admin-users/credential-safety/password-strength.worker.js', {
      idleMs: 2_000,
    });
    const weakness = await this.pool.run({ password, userInputs: [username] });
    if (!weakness) return;
    const params = { warning: weakness.warning, suggestion: weakness.suggestion };
    const message = 'The password is too easy to guess: use a longer one, several uncommon words for example';
    const error: FieldError = { field, code: 'WEAK_PASSWORD', message, params };
    throw new ApiError(400, 'WEAK_PASSWORD', message, { errors: [error], params });
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}
