import { Module, type DynamicModule } from '@nestjs/common';
import { AdminUsersModule } from './admin-users/admin-users.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BackupModule } from './backup/backup.module.js';
import { SessionSettings } from './auth/session-settings.js';
import type { AppConfig } from './config/app.config.js';
import { APP_CONFIG } from './config/config.token.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { PagesModule } from './pages/pages.module.js';
import { SeoModule } from './seo/seo.module.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { ShopsModule } from './shops/shops.module.js';
import { UploadsModule } from './uploads/uploads.module.js';

/** The whole backend, built from a configuration read once at boot. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        DatabaseModule.forRoot(config.database),
        SessionsModule,
        AdminUsersModule,
        AuthModule,
        UploadsModule,
        ShopsModule,
        BackupModule,
        HealthModule,
        PagesModule,
        SeoModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        {
          provide: SessionSettings,
          useValue: new SessionSettings(
            config.session.idleMinutes * 60_000,
            config.session.absoluteHours * 3_600_000,
          ),
        },
      ],
      exports: [APP_CONFIG, SessionSettings],
    };
  }
}
