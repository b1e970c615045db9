import { Injectable } from '@nestjs/common';
import { RateLimits } from '../rate-limits/rate-limits.service.js';

const accountOf = (username: string) => username.trim().toLowerCase();

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
    const account = accountOf(username);
    await this.limits.take('login.address-account', client, account);
    await this.limits.take('login.address', client);
    // An unknown passkey names no account: its attempts count for the address alone.
    if (device) await this.limits.take('login.device', device);
    else if (account) await this.limits.take('login.account', account);
  }

  /** The login is complete: the run of failures ends, and the address gets its attempt back. */
  async succeeded(client: string, username: string, device: string | null = null): Promise<void> {
    const account = accountOf(username);
    await this.limits.forgive('login.address-account', client, account);
    await this.limits.giveBack('login.address', client);
    if (device) await this.limits.forgive('login.device', device);
    else if (account) await this.limits.forgive('login.account', account);
  }

  /**
   * A right password whose second factor is still to come: the attempt was no failure, so it is
   * given back, but the run of failures goes on until a right code (logging in again buys no
   * more guesses).
   */
  async passed(client: string, username: string, device: string | null = null): Promise<void> {
    const account = accountOf(username);
    await this.limits.giveBack('login.address-account', client, account);
    await this.limits.giveBack('login.address', client);
    if (device) await this.limits.giveBack('login.device', device);
    else if (account) await this.limits.giveBack('login.account', account);
  }
}
