import { ConfigError, integer, type Env, type NodeEnv } from './env-values.js';

/** What an operator sees: request logs, metrics, and how long a stopping replica drains. */
export interface ObservabilityConfig {
  /** json: one line per event (production); pretty: readable (development); off: Nest's own logger only. */
  logFormat: 'json' | 'pretty' | 'off';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Port of the Prometheus endpoint, apart from the public one; unset = no metrics. */
  metricsPort?: number;
  /** Interface of the metrics endpoint: loopback unless METRICS_HOST names another (it has no authentication). */
  metricsHost: string;
  /** On SIGTERM, in-flight requests get this long to finish before their connections are cut. */
  shutdownGraceSeconds: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function parseObservability(env: Env, nodeEnv: NodeEnv, port: number): ObservabilityConfig {
  const defaultFormat = nodeEnv === 'production' ? 'json' : nodeEnv === 'development' ? 'pretty' : 'off';
  const logFormat = (env.LOG_FORMAT?.trim().toLowerCase() ||
    defaultFormat) as ObservabilityConfig['logFormat'];
  if (!['json', 'pretty', 'off'].includes(logFormat)) {
    throw new ConfigError(`LOG_FORMAT must be json, pretty or off, got "${env.LOG_FORMAT}"`);
  }
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as ObservabilityConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const metricsPort = env.METRICS_PORT?.trim() ? integer(env, 'METRICS_PORT', 0, 0, 65535) : undefined;
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (${port}): metrics are never public`);
  }
  return {
    logFormat,
    logLevel,
    metricsPort,
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 20, 0, 3600),
  };
}
