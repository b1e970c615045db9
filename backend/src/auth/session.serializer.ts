import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { AdminUser } from '../admin-users/admin-user.entity.js';
import { AdminUsersService } from '../admin-users/admin-users.service.js';

/** Keeps only the admin's id in the session and reloads the admin on every request. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly users: AdminUsersService) {
    super();
  }

  serializeUser(user: AdminUser, done: (error: unknown, id?: string) => void): void {
    done(null, user.id);
  }

  /** A deleted admin deserialises to `false`, which passport treats as logged out. */
  deserializeUser(id: string, done: (error: unknown, user?: AdminUser | false) => void): void {
    this.users.findById(id).then(
      (user) => done(null, user ?? false),
      (error) => done(error),
    );
  }
}
