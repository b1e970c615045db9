import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * argon2id with the library's defaults (64 MiB, 3 passes). A hash made once at start-up is
 * verified for unknown usernames, so "no such user" costs the same time as "wrong password".
 */
@Injectable()
export class PasswordHasher {
  private readonly decoy = argon2.hash('decoy-password-for-unknown-users', { type: argon2.argon2id });

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      const matches = await argon2.verify(hash ?? (await this.decoy), password);
      return hash !== null && matches;
    } catch {
      return false;
    }
  }
}
