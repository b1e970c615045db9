import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { ActivityActor } from '../../../activity/activity-actor.js';
import { ActivityService } from '../../../activity/activity.service.js';
import { AdminUser } from '../../../admin-users/admin-user.entity.js';
import { ApiError } from '../../../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config.js';
import { SystemFlag } from '../../../database/database.entity.js';
import { TransactionRunner } from '../../../database/transaction-runner.js';

/** Present while the setting "second factor required for every administrator" is on. */
const MFA_REQUIRED_FLAG = 'mfa-required';

/** "A second factor for every administrator": MFA_REQUIRED, else the setting (on for new installations). */
@Injectable()
export class MfaPolicyService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(SystemFlag) private readonly flags: Repository<SystemFlag>,
    @InjectRepository(AdminUser) private readonly admins: Repository<AdminUser>,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
  ) {}

  async onModuleInit(): Promise<void> {
    if ((await this.admins.count()) > 0) return;
    // Ignored when another instance starting at the same time turned it on first.
    await this.flags.createQueryBuilder().insert().values({ name: MFA_REQUIRED_FLAG }).orIgnore().execute();
  }

  async isRequired(): Promise<boolean> {
    return this.config.mfaRequired ?? (await this.flags.countBy({ name: MFA_REQUIRED_FLAG })) > 0;
  }

  /** Whether the policy applies now, and whether MFA_REQUIRED decides it. */
  async state(): Promise<{ required: boolean; requiredByServer: boolean }> {
    return { required: await this.isRequired(), requiredByServer: this.config.mfaRequired !== null };
  }

  /** Turns the setting on or off (refused while MFA_REQUIRED decides), with an activity entry. */
  async setRequired(required: boolean, actor: ActivityActor): Promise<void> {
    if (this.config.mfaRequired !== null)
      throw new ApiError(
        409,
        'MFA_POLICY_SET_BY_ENVIRONMENT',
        'The server sets this policy (MFA_REQUIRED); change it there',
      );
    await this.transactions.run(async (manager) => {
      const flags = manager.getRepository(SystemFlag);
      const was = (await flags.countBy({ name: MFA_REQUIRED_FLAG })) > 0;
      if (was === required) return;
      if (required) await flags.insert({ name: MFA_REQUIRED_FLAG });
      else await flags.delete({ name: MFA_REQUIRED_FLAG });
      await this.activity.record(manager, { kind: 'mfa.policy_changed', actor, details: { required } });
    });
  }
}
