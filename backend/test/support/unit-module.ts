import { afterAll, beforeAll, jest } from '@jest/globals';
import type { Provider } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate, generateSecret } from 'otplib';
import { DataSource } from 'typeorm';
import type { ActivityActor } from '../../src/activity/activity-actor.js';
import { ActivityEntry } from '../../src/activity/activity-entry.entity.js';
import { ActivityService } from '../../src/activity/activity.service.js';
import { AdminUser } from '../../src/admin-users/admin-user.entity.js';
import { PasswordHasher } from '../../src/admin-users/password-hasher.service.js';
import { AdminUsersService } from '../../src/admin-users/admin-users.service.js';
import { PasswordStrengthCheck } from '../../src/admin-users/credential-safety/password-strength-check.service.js';
import { LoginLimits } from '../../src/auth/login-limits.js';
import { Passkey } from '../../src/auth/passkeys/passkey.entity.js';
import { credentialKeyOf } from '../../src/auth/passkeys/passkeys.service.js';
import { PasskeyFactorSource } from '../../src/auth/passkeys/passkey-factor.source.js';
import { MfaPolicyService } from '../../src/auth/second-factor/policy/mfa-policy.service.js';
import { RecoveryCodesService } from '../../src/auth/second-factor/recovery-codes/recovery-codes.service.js';
import { SecondFactorRegistry } from '../../src/auth/second-factor/second-factor.js';
import { TotpFactor } from '../../src/auth/second-factor/totp/totp-factor.entity.js';
import { TotpService } from '../../src/auth/second-factor/totp/totp.service.js';
import { ApiError } from '../../src/common/api-error.js';
import { RateLimits } from '../../src/rate-limits/rate-limits.service.js';
import { SessionsService } from '../../src/sessions/sessions.service.js';
import { ShopWriter } from '../../src/shops/shop-writer.js';
import { CatalogWorker } from '../../src/shops/catalog-worker.js';
import { ShopsService } from '../../src/shops/shops.service.js';
import { LocalObjectStorage } from '../../src/uploads/local-object-storage.js';
import { ObjectStorage } from '../../src/uploads/object-storage.js';
import { UploadLinks } from '../../src/uploads/upload-links.js';
import { UploadsService } from '../../src/uploads/uploads.service.js';
import { APP_CONFIG, loadConfig, type AppConfig } from '../../src/config/app.config.js';
import { dataSourceOptions, DATABASE_ENTITIES } from '../../src/database/data-source.js';
import { RecoveryCode } from '../../src/auth/second-factor/recovery-codes/recovery-code.entity.js';
import { BackupRecord } from '../../src/backup/backup-record.entity.js';
import { RateLimitCounter } from '../../src/rate-limits/rate-limit.entity.js';
import { SHOP_WRITER_ENTITIES } from '../../src/shops/shop-writer.js';
import { VisitorRequest } from '../../src/visitor-requests/visitor-request.entity.js';
import { TransactionRunner } from '../../src/database/transaction-runner.js';
import { Session } from '../../src/sessions/session.entity.js';

/** Every table, as the app's modules register them (a unit spec has no modules of its own). */
const ENTITIES = [
  ...DATABASE_ENTITIES,
  ActivityEntry,
  AdminUser,
  Session,
  Passkey,
  RecoveryCode,
  TotpFactor,
  BackupRecord,
  RateLimitCounter,
  ...SHOP_WRITER_ENTITIES,
  VisitorRequest,
];

/**
 * The unit tier's one set-up: a service under Nest's testing module, over a real SQLite database
 * in memory with the migrations production runs (a few milliseconds), the pieces every service
 * leans on (TransactionRunner, ActivityService, the cheap password hash) and `providers`, with
 * fakes only where the real part is a server, a worker or a mailbox.
 */
export interface UnitModule {
  module: TestingModule;
  dataSource: DataSource;
  config: AppConfig;
  /** A provider of the module, by its class or token. */
  get<T>(token: abstract new (...args: never[]) => T): T;
  /** The activity log's kinds and details, oldest first (what the service recorded). */
  activity(): Promise<Pick<ActivityEntry, 'kind' | 'actorName' | 'details'>[]>;
  /** An admin account with the password `password` (hashed at the test cost). */
  addAdmin(username: string, password?: string): Promise<AdminUser>;
  /** A live session of `userId` (an hour left), as the session store writes it at login. */
  addSession(userId: string, sid: string, row?: Partial<Session>): Promise<void>;
  /** The sids of `userId`'s sessions, sorted. */
  sessionsOf(userId: string): Promise<string[]>;
  /** A passkey row of `adminId` (a second factor), without a ceremony: for rules that only count them. */
  addPasskey(adminId: string, name?: string): Promise<Passkey>;
  /** A confirmed authenticator app of `admin` and a set of recovery codes; its secret and the codes. */
  enrolTotp(admin: AdminUser): Promise<{ secret: string; recoveryCodes: string[] }>;
  close(): Promise<void>;
}

/** The authenticator app's code for the time step `stepsFromNow` steps from now (30 s each). */
export const totpCodeAt = (secret: string, stepsFromNow = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsFromNow });

export const ADMIN_PASSWORD = 'correct horse battery staple';

/** The actor of an admin's request, as the controllers build it. */
export const actorOf = (
  admin: Pick<AdminUser, 'id' | 'username'>,
  client = '203.0.113.7',
): ActivityActor => ({
  adminId: admin.id,
  username: admin.username,
  client,
});

/**
 * Stops the clock at `now` (Date only): the database driver, TypeORM's promises and piscina keep
 * their real timers. `jest.useRealTimers()` starts it again.
 */
export function stopClockAt(now: number | Date): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

/**
 * Stands in for zxcvbn's check, which runs in a worker thread of the built backend and loads
 * 40 MB of dictionaries: refuses, with the real check's error, a password under 12 characters
 * or one that contains the account's username.
 */
export const weakPasswordCheck: Provider = {
  provide: PasswordStrengthCheck,
  useValue: {
    assertStrong: async (password: string, field: string, username: string) => {
      if (password.length >= 12 && !password.toLowerCase().includes(username.toLowerCase())) return;
      const message = 'The password is too easy to guess';
      throw new ApiError(400, 'WEAK_PASSWORD', message, {
        errors: [{ field, code: 'WEAK_PASSWORD', message }],
      });
    },
  },
};

/** An account's pieces as the auth modules wire them: admins, sessions, limits, every kind of factor. */
export const ACCOUNT_PROVIDERS: Provider[] = [
  AdminUsersService,
  weakPasswordCheck,
  SessionsService,
  RateLimits,
  LoginLimits,
  SecondFactorRegistry,
  MfaPolicyService,
  RecoveryCodesService,
  TotpService,
  PasskeyFactorSource,
];

/** Uploads on local storage under the test's DATA_DIR, with links signed as the app signs them. */
export const STORAGE_PROVIDERS: Provider[] = [
  UploadsService,
  {
    provide: UploadLinks,
    inject: [APP_CONFIG],
    useFactory: ({ session }: AppConfig) => new UploadLinks(`uploads:${session.secret}`),
  },
  {
    provide: ObjectStorage,
    inject: [APP_CONFIG],
    useFactory: ({ storage }: AppConfig) => new LocalObjectStorage(storage.localDir),
  },
];

/** The directory's writer and reader over that storage. */
export const SHOP_PROVIDERS: Provider[] = [...STORAGE_PROVIDERS, ShopWriter, CatalogWorker, ShopsService];

/** A describe block's module (unitSuite), with its providers reached by `provider`. */
export interface UnitSuite extends UnitModule {
  /** The module's provider, reached on use, once the block's beforeAll has started the module. */
  provider<T extends object>(token: abstract new (...args: never[]) => T): T;
}

/** Forwards every member read to `target()`, functions bound to it. */
function forwarded<T extends object>(target: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      const object = target();
      const value: unknown = Reflect.get(object, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/**
 * unitModule for one describe block: started in its beforeAll (before the block's own), closed
 * in its afterAll; the spec reads it and its providers as constants.
 */
export function unitSuite(providers: Provider[], options: { env?: Record<string, string> } = {}): UnitSuite {
  let current: UnitModule | undefined;
  beforeAll(async () => {
    current = await unitModule(providers, options);
  });
  afterAll(() => current?.close());
  const started = () => {
    if (!current) throw new Error('the unit module starts in beforeAll');
    return current;
  };
  const suite = forwarded(started) as UnitSuite;
  return Object.assign(Object.create(suite) as UnitSuite, {
    provider: <T extends object>(token: abstract new (...args: never[]) => T) =>
      forwarded(() => started().get(token)),
  });
}

export async function unitModule(
  providers: Provider[],
  { env = {} }: { env?: Record<string, string> } = {},
): Promise<UnitModule> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atm-unit-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ARGON2_COST: 'test',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    MFA_REQUIRED: 'false',
    PROOF_OF_WORK_COST: '1',
    PROOF_OF_WORK_MAX_COUNTER: '20',
    ...env,
  });
  const module = await Test.createTestingModule({
    imports: [
      TypeOrmModule.forRoot({
        ...dataSourceOptions({ type: 'sqlite', path: ':memory:' }),
        // The entities below join the data source as the app's modules' do.
        autoLoadEntities: true,
        migrationsRun: true,
      }),
      TypeOrmModule.forFeature(ENTITIES),
    ],
    providers: [
      { provide: APP_CONFIG, useValue: config },
      TransactionRunner,
      ActivityService,
      PasswordHasher,
      ...providers,
    ],
  }).compile();
  await module.init();
  const dataSource = module.get(DataSource);
  return {
    module,
    dataSource,
    config,
    get: (token) => module.get(token),
    activity: () =>
      dataSource.getRepository(ActivityEntry).find({
        select: { kind: true, actorName: true, details: true },
        order: { id: 'ASC' },
      }),
    addAdmin: async (username, password = ADMIN_PASSWORD) => {
      const passwordHash = await module.get(PasswordHasher).hash(password);
      const users = dataSource.getRepository(AdminUser);
      return users.save(users.create({ username, passwordHash }));
    },
    addSession: async (userId, sid, row = {}) => {
      const now = Date.now();
      await dataSource.getRepository(Session).insert({
        sid,
        userId,
        data: '{}',
        expiresAt: now + 3_600_000,
        startedAt: now,
        lastSeenAt: now,
        userAgent: null,
        address: null,
        ...row,
      });
    },
    sessionsOf: async (userId) =>
      (await dataSource.getRepository(Session).findBy({ userId })).map((row) => row.sid).sort(),
    addPasskey: async (adminId, name = 'Laptop') => {
      const credentialId = randomBytes(16).toString('base64url');
      const passkeys = dataSource.getRepository(Passkey);
      return passkeys.save(
        passkeys.create({
          adminId,
          name,
          credentialId,
          credentialKey: credentialKeyOf(credentialId),
          publicKey: randomBytes(32).toString('base64url'),
          counter: 0,
          transports: null,
          createdAt: Date.now(),
          lastUsedAt: null,
        }),
      );
    },
    enrolTotp: async (admin) => {
      // Straight into the table: drawing the enrolment's QR code takes seconds under Jest.
      const secret = generateSecret();
      const now = Date.now();
      await dataSource
        .getRepository(TotpFactor)
        .insert({ adminId: admin.id, secret, confirmedAt: now, lastUsedStep: null, createdAt: now });
      const recoveryCodes = await dataSource.transaction((manager) =>
        module.get(RecoveryCodesService).replace(admin.id, manager),
      );
      return { secret, recoveryCodes };
    },
    close: async () => {
      await module.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
