import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import passport from 'passport';
import { AdminUser } from '../admin-users/admin-user.entity.js';
import { AdminUsersService } from '../admin-users/admin-users.service.js';

type Registered = { _serializers: unknown[]; _deserializers: unknown[] };

/** Keeps only the admin's id in the session and reloads the admin on every request. */
@Injectable()
export class SessionSerializer extends PassportSerializer implements OnModuleDestroy {
  private readonly registered = passport as unknown as Registered;
  private readonly ownSerializer = this.registered._serializers.at(-1);
  private readonly ownDeserializer = this.registered._deserializers.at(-1);

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

  /** passport's serializers are process-wide: a closed app takes its own out (tests run several apps). */
  onModuleDestroy(): void {
    const remove = (list: unknown[], item: unknown) => {
      const index = list.indexOf(item);
      if (index >= 0) list.splice(index, 1);
    };
    remove(this.registered._serializers, this.ownSerializer);
    remove(this.registered._deserializers, this.ownDeserializer);
  }
}
