import { Module, type DynamicModule } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { createHmac } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { ActivityModule } from './activity/activity.module.js';
import { AdminUsersModule } from './admin-users/admin-users.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BackupModule } from './backup/backup.module.js';
import { SessionSettings } from './auth/session-settings.js';
import { APP_CONFIG, type AppConfig } from './config/app.config.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './health/health.module.js';
import { PagesModule } from './pages/pages.module.js';
import { RateLimitsModule } from './rate-limits/rate-limits.module.js';
import { SeoModule } from './seo/seo.module.js';
import { AppMetrics } from './observability/metrics.js';
import { APP_LOGGER, createAppLogger } from './observability/request-logging.js';
import { ShutdownState } from './observability/shutdown-state.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { ShopsCsvModule } from './shops-csv/shops-csv.module.js';
import { ShopsModule } from './shops/shops.module.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { VisitorRequestsModule } from './visitor-requests/visitor-requests.module.js';

/** The whole backend, built from a configuration read once at boot. */
@Module({})
export class AppModule {
  /** `logDestination` replaces stdout for the logs (tests read what would be written). */
  static forRoot(config: AppConfig, logDestination?: DestinationStream): DynamicModule {
    const logger =
      config.observability.logFormat === 'off'
        ? undefined
        : createAppLogger(config.observability, logDestination);
    return {
      module: AppModule,
      global: true,
      imports: [
        // Nest's lines through the same pino logger, with the request id that pino-http binds
        // (`logRequests`, the first middleware: it sees pages and files served before Nest's router).
        ...(logger ? [LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true })] : []),
        // The periodic jobs (@PeriodicJob) and the automatic backups' schedule.
        ScheduleModule.forRoot(),
        // The public catalogue's module first: Express tries routes in the order Nest adds them.
        ShopsModule,
        HealthModule,
        DatabaseModule.forRoot(config.database),
        RateLimitsModule,
        SessionsModule,
        ActivityModule,
        AdminUsersModule,
        AuthModule,
        UploadsModule,
        ShopsCsvModule,
        BackupModule,
        PagesModule,
        SeoModule,
        VisitorRequestsModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_LOGGER, useValue: logger ?? null },
        { provide: AppMetrics, useValue: new AppMetrics() },
        { provide: ShutdownState, useValue: new ShutdownState() },
        {
          provide: SessionSettings,
          useValue: new SessionSettings(
            config.session.absoluteHours * 3_600_000,
            createHmac('sha256', config.session.secret).update('known-device').digest(),
            config.session.secureCookie,
          ),
        },
      ],
      exports: [APP_CONFIG, APP_LOGGER, AppMetrics, ShutdownState, SessionSettings],
    };
  }
}
