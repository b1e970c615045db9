/**
 * The backend's start: from spawning production's command to the first 200 of /api/health/live,
 * on a new SQLite database with the demo directory (migrations and seeding included), then again
 * on the database the first start left (what a restart or a redeploy costs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { productionNodeFlags } from '../../tools/production-command.mjs';
import { machineInfo } from './machine.mjs';
import { spawnTracked, stopChild } from './processes.mjs';
import { appendFiguresSection, median, printFigures } from './report.mjs';
import { freePort, productionEnv, rawGet } from './server.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The budget: a start on demo data answers its first health check within 1.5 s (median). */
export const START_BUDGET_MS = 1500;
const POLL_MS = 5;

/** Milliseconds from spawn to the first 200 of /api/health/live; the backend is stopped after. */
async function timeOneStart(runtime, dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawnTracked(runtime.nodeBin, [...productionNodeFlags(), 'backend/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...productionEnv(),
      SEED_DEMO_DATA: 'true',
      DATA_DIR: dataDir,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode}: ${errors}`);
      if (performance.now() - started > 60_000) throw new Error(`no health answer in 60 s: ${errors}`);
      const status = await rawGet(`http://127.0.0.1:${port}/api/health/live`).then(
        (answer) => answer.status,
        () => 0,
      );
      if (status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await stopChild(child);
  }
}

export async function benchStart({ runtime, runs = 5, save = true, benchDir }) {
  console.log(
    `\n=== start: production's command to the first health answer, Node ${runtime.version}, ${runs} runs ===`,
  );
  const machine = machineInfo();
  const fresh = [];
  const again = [];
  for (let run = 0; run < runs; run++) {
    const dataDir = mkdtempSync(`${tmpdir()}/atm-bench-start-`);
    try {
      fresh.push(await timeOneStart(runtime, dataDir));
      again.push(await timeOneStart(runtime, dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    console.log(
      `run ${run + 1}: new database ${fresh.at(-1).toFixed(0)} ms, same database again ${again.at(-1).toFixed(0)} ms`,
    );
  }
  const row = (name, values) => ({
    name: `${name}: median (min–max of ${runs})`,
    value: `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`,
    unit: 'ms',
    budget: `< ${START_BUDGET_MS}`,
    holds: median(values) < START_BUDGET_MS,
  });
  const rows = [
    row('start on a new SQLite database with the demo directory', fresh),
    row('start again on the same database', again),
  ];
  printFigures(rows);
  const budgetsHold = rows.every((r) => r.holds);
  if (save)
    appendFiguresSection(benchDir, {
      title: `start, sqlite, Node ${runtime.version}`,
      machine,
      lines: [
        `Production's command (\`node ${productionNodeFlags().join(' ')} dist/main.js\`), SEED_DEMO_DATA=true; /api/health/live polled every ${POLL_MS} ms from the spawn`,
      ],
      rows,
    });
  return { budgetsHold };
}
