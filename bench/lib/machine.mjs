/** What the figures were measured on, for RESULTS.md and the JSON. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

export function machineInfo() {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) cpuModel = line.split(':')[1].trim();
  } catch {
    /* not Linux */
  }
  return {
    cpuModel,
    cores: os.availableParallelism?.() ?? os.cpus().length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

/** The SQLite version better-sqlite3 ships, as the backend would load it on `runtime`. */
export function sqliteVersion(runtime) {
  const script =
    "const D=require('better-sqlite3');process.stdout.write(new D(':memory:').prepare('select sqlite_version() v').get().v)";
  try {
    return execFileSync(
      runtime.nodeBin,
      [...runtime.preloads.flatMap((p) => ['--import', p]), '-e', script],
      {
        cwd: fileURLToPath(new URL('../../backend/', import.meta.url)),
      },
    ).toString();
  } catch {
    return '?';
  }
}
