import 'reflect-metadata';
import { chmodSync, existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { AdminUsersService } from './admin-users/admin-users.service.js';
import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import { loadConfig, startupWarnings, type AppConfig } from './config/app.config.js';
import { ConfigError } from './config/env-values.js';
import { JobLockService } from './database/job-lock.service.js';
import { AppMetrics, startMetricsServer } from './observability/metrics.js';
import { ShutdownState } from './observability/shutdown-state.js';

/** Data files are this user's only (umask 077); a DATA_DIR or database left readable is tightened. */
function keepDataPrivate(config: AppConfig): void {
  const tighten = (path: string, mode: number) => {
    if (existsSync(path)) chmodSync(path, mode);
  };
  try {
    tighten(config.dataDir, 0o700);
    if (config.database.type === 'sqlite') tighten(config.database.path, 0o600);
  } catch (error) {
    Logger.warn(`Could not make the data files private: ${(error as Error).message}`, 'Bootstrap');
  }
}

async function bootstrap(): Promise<void> {
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  keepDataPrivate(config);
  const pino = config.observability.logFormat !== 'off';
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    // With pino, Nest's start-up lines wait for it (one format from the first line on).
    bufferLogs: pino,
  });
  if (pino) app.useLogger(app.get(PinoNestLogger));
  configureApp(app, config);
  for (const warning of startupWarnings(config)) Logger.warn(warning, 'Bootstrap');
  await (config.host ? app.listen(config.port, config.host) : app.listen(config.port));
  const { metricsPort, metricsHost } = config.observability;
  const metricsServer =
    metricsPort === undefined
      ? undefined
      : await startMetricsServer(app.get(AppMetrics), metricsPort, metricsHost);
  stopGracefullyOnSignals(app, config, metricsServer);
  const url = `http://localhost:${config.port}`;
  Logger.log(`Open ${url} (admin: ${url}/admin, API docs: ${url}/api/docs)`, 'Bootstrap');
  if (metricsServer) {
    const { port } = metricsServer.address() as { port: number };
    Logger.log(`Metrics on http://${metricsHost}:${port}/metrics (not on the public port)`, 'Bootstrap');
  }
  if ((await app.get(AdminUsersService).count()) === 0) {
    Logger.log(
      `No administrator yet: open ${url}/admin/login and choose "Create Admin Account".`,
      'Bootstrap',
    );
  }
}

/**
 * SIGTERM or SIGINT: stop taking connections and report not ready, let requests finish for up to
 * SHUTDOWN_GRACE_SECONDS, then cut the rest, wait for running jobs (a restore), close, exit 0.
 */
function stopGracefullyOnSignals(
  app: NestExpressApplication,
  config: AppConfig,
  metricsServer?: Server,
): void {
  const logger = new Logger('Shutdown');
  const shutdown = app.get(ShutdownState);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.observability.shutdownGraceSeconds * 1000;
    logger.log(`${signal}: draining ${shutdown.inFlightCount} request(s) for up to ${graceMs / 1000} s`);
    shutdown.startDraining();
    const server = app.getHttpServer() as Server;
    // No new connections; idle ones close now, busy ones after their response. Waiting for every
    // connection: one whose request was still arriving is served before the database closes.
    const allClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A download begun before the drain leaves its connection idle when it ends: close those too.
    server.closeIdleConnections();
    const idleSweep = setInterval(() => server.closeIdleConnections(), 250);
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<false>(
      (resolve) => (graceTimer = setTimeout(() => resolve(false), graceMs)),
    );
    if (!(await Promise.race([allClosed.then(() => true as const), graceOver]))) {
      logger.warn(`Grace period over: cutting ${shutdown.inFlightCount} request(s) still running`);
      server.closeAllConnections();
      await allClosed;
    }
    clearTimeout(graceTimer);
    clearInterval(idleSweep);
    await app.get(JobLockService).whenIdle();
    metricsServer?.close();
    await app.close();
    logger.log('Stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, (received) => {
      stop(received).catch((error: Error) => {
        logger.error(`Shutdown failed: ${error.message}`);
        process.exit(1);
      });
    });
  }
}

void bootstrap();
