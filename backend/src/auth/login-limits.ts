import { Injectable } from '@nestjs/common';
import { ApiErrors, type ErrorStatus } from '../common/route-decorators.js';
import type { LimitName } from '../rate-limits/limits.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';
import { accountOf } from './known-devices.js';

/**
 * The limits on every proof of who one is, taken before it is checked: per address and account,
 * per address, per account; a known device counts apart, so a flood cannot lock its admin out.
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

  /** A right password before its second factor: the attempt is given back, the run of failures goes on. */
  async passed(client: string, username: string, device: string | null = null): Promise<void> {
    for (const [name, parts] of counters(client, username, device))
      await this.limits.giveBack(name, ...parts);
  }
}

/** Documents a route whose attempts these limits count: its own errors, and 429. */
export const LimitedAsLogin = (errors: Partial<Record<ErrorStatus, string>>) =>
  ApiErrors({ ...errors, 429: 'Too many failed attempts; Retry-After says when to try again' });

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
