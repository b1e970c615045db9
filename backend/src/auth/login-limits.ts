import { Injectable } from '@nestjs/common';
import { ApiErrors, type ErrorStatus } from '../common/api-errors.decorator.js';
import type { LimitName } from '../rate-limits/limits.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';
import { accountOf } from './known-devices.js';

/**
 * The limits on proving who one is (a password, a passkey, a second-factor or recovery code, a
 * re-authentication), taken before the proof is checked: per address and account, per address
 * across accounts, and per account from every address. A known device (known-devices.ts) is
 * counted on its own instead of in the account's shared count, so a flood from other addresses
 * cannot lock the real admin out of the browser they use.
 */
@Injectable()
export class LoginLimits {
  constructor(private readonly limits: RateLimits) {}

  /** One attempt for `username` from `client` (and `device`, when known); 429 when any limit is spent. */
  async take(client: string, username: string, device: string | null = null): Promise<void> {
    for (const [name, parts] of counters(client, username, device)) await this.limits.take(name, ...parts);
  }

  /** The login is complete: the run of failures ends, and the address gets its attempt back. */
  async succeeded(client: string, username: string, device: string | null = null): Promise<void> {
    for (const [name, parts] of counters(client, username, device)) {
      if (name === 'login.address') await this.limits.giveBack(name, ...parts);
      else await this.limits.forgive(name, ...parts);
    }
  }

  /**
   * A right password whose second factor is still to come: the attempt was no failure, so it is
   * given back, but the run of failures goes on until a right code (logging in again buys no
   * more guesses).
   */
  async passed(client: string, username: string, device: string | null = null): Promise<void> {
    for (const [name, parts] of counters(client, username, device))
      await this.limits.giveBack(name, ...parts);
  }
}

/** Documents a route whose attempts these limits count: its own errors, and 429. */
export const LimitedAsLogin = (errors: Partial<Record<ErrorStatus, string>>) =>
  ApiErrors({ ...errors, 429: 'Too many failed attempts; Retry-After says when to try again' });

/** The counters one attempt takes, each with what it counts. */
function counters(client: string, username: string, device: string | null): [LimitName, string[]][] {
  const account = accountOf(username);
  const counted: [LimitName, string[]][] = [
    ['login.address-account', [client, account]],
    ['login.address', [client]],
  ];
  if (device) counted.push(['login.device', [device]]);
  // An unknown passkey names no account: its attempts count for the address alone.
  else if (account) counted.push(['login.account', [account]]);
  return counted;
}
