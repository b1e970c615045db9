/** A configuration value that cannot be used; the message is one line a person can act on. */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export type NodeEnv = 'development' | 'production' | 'test';

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

/** A comma-separated list, each item trimmed, empty ones dropped. */
export function list(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function httpUrl(env: Env, name: string): string | undefined {
  const value = env[name]?.trim() || undefined;
  if (value && !/^https?:\/\//.test(value)) {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value;
}
