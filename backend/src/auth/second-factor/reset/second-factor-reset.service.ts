import { Injectable } from '@nestjs/common';
import type { ActivityActor } from '../../../activity/activity-actor.js';
import { ActivityService } from '../../../activity/activity.service.js';
import { AdminUser } from '../../../admin-users/admin-user.entity.js';
import { adminNotFound } from '../../../admin-users/admin-users.service.js';
import { TransactionRunner } from '../../../database/transaction-runner.js';
import { SessionsService } from '../../../sessions/sessions.service.js';
import { RecoveryCodesService } from '../recovery-codes/recovery-codes.service.js';
import { SecondFactorRegistry } from '../second-factor.js';

/** For an admin who lost every factor: removes them all with the recovery codes, and ends their sessions. */
@Injectable()
export class SecondFactorResetService {
  constructor(
    private readonly registry: SecondFactorRegistry,
    private readonly recoveryCodes: RecoveryCodesService,
    private readonly sessions: SessionsService,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
  ) {}

  /** Resets the account `where` names; returns it and how many factors were removed. */
  async reset(
    where: { id: string } | { username: string },
    actor: ActivityActor,
  ): Promise<{ user: AdminUser; removed: number; sessionsEnded: number }> {
    return this.transactions.run(async (manager) => {
      const user = await manager.findOneBy(AdminUser, where);
      if (!user) throw adminNotFound();
      const removed = await this.registry.removeAllOf(user.id, manager);
      await this.recoveryCodes.removeAllOf(user.id, manager);
      const sessionsEnded = await this.sessions.endSessionsOf(user.id, undefined, manager);
      const details = { adminId: user.id, username: user.username, removed };
      await this.activity.record(manager, { kind: 'mfa.factors_reset', actor, details });
      return { user, removed, sessionsEnded };
    });
  }
}
