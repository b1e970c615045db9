import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SERVER_ACTOR } from '../../../activity/activity-actor.js';
import { ActivityModule } from '../../../activity/activity.module.js';
import { APP_CONFIG, loadConfig } from '../../../config/app.config.js';
import type { Env } from '../../../config/env-values.js';
import { DatabaseModule } from '../../../database/database.module.js';
import { PasskeyFactorModule } from '../../passkeys/passkey-factor.module.js';
import { SecondFactorModule } from '../second-factor.module.js';
import { SecondFactorResetService } from './second-factor-reset.service.js';

@Module({})
class ResetMfaModule {}

/** `npm run admin:reset-mfa -- <username>`, when no other admin can reset the account; the exit code. */
export async function resetMfaCommand(
  args: string[],
  env: Env,
  print: (line: string) => void,
): Promise<number> {
  const username = args[0]?.trim();
  if (!username || args.length !== 1) {
    print('usage: npm run admin:reset-mfa -- <username>');
    return 2;
  }
  const config = loadConfig(env);
  // Only what a reset touches: the database, the activity log and the second factors (passkeys too).
  const resetModule: DynamicModule = {
    module: ResetMfaModule,
    global: true,
    imports: [
      DatabaseModule.forRoot(config.database),
      ActivityModule,
      SecondFactorModule,
      PasskeyFactorModule,
    ],
    providers: [{ provide: APP_CONFIG, useValue: config }],
    exports: [APP_CONFIG],
  };
  const context = await NestFactory.createApplicationContext(resetModule, { logger: ['error'] });
  try {
    const { user, removed, sessionsEnded } = await context
      .get(SecondFactorResetService)
      .reset({ username }, SERVER_ACTOR);
    print(
      `Reset the second factors of "${user.username}": ${removed} factor(s) (authenticator app, passkeys) ` +
        `and the recovery codes removed, ` +
        `${sessionsEnded} session(s) ended. The activity log has an entry "mfa.factors_reset".`,
    );
    return 0;
  } catch (error) {
    if ((error as { code?: string }).code === 'ADMIN_NOT_FOUND') {
      print(`No administrator is called "${username}"; nothing changed.`);
      return 1;
    }
    throw error;
  } finally {
    await context.close();
  }
}
