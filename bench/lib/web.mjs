/**
 * The public pages' figures (npm run bench, or only them: npm run bench -- --only=web), each on a
 * fresh backend (SQLite, NODE_ENV=production, serving the built frontends and rendering the
 * public pages as `npm start` does):
 *   1. Lighthouse on `/`, `/en/` and a shop's page with the demo data `npm start` seeds (the
 *      issue's budget: "against npm start"; lib/web-lighthouse.mjs);
 *   then with `shops` shops restored through the restore endpoint:
 *   2. the first HTML answer's size and each page's cost against the API (lib/web-pages.mjs),
 *   3. the bundle report of `/` and `/admin` (lib/web-bundles.mjs),
 *   4. key press → updated grid in the search box (lib/web-filtering.mjs),
 *   5. Lighthouse on the three pages again: within budget for a large directory.
 * `--only=pages` runs 1, 2 and 5 (the server-rendered pages' figures).
 * Appends a section to RESULTS.md and writes results/latest-<web|pages>-sqlite-node<N>.json.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { machineInfo } from './machine.mjs';
import { spawnTracked } from './processes.mjs';
import { figuresMarkdown, printFigures } from './report.mjs';
import { adminSession } from './seed.mjs';
import { startBackend } from './server.mjs';
import { bundleReport, fileLines } from './web-bundles.mjs';
import { launchChromium } from './web-browser.mjs';
import { filteringAtScale } from './web-filtering.mjs';
import { lighthouseReport } from './web-lighthouse.mjs';
import { firstTouchToLive } from './web-intent.mjs';
import { htmlSizes, pageCost, publicPaths } from './web-pages.mjs';
import { restoreShops } from './web-seed.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Lighthouse on each of `paths` (`/`, `/en/`, a shop's page) at `url`, `runs` runs each. */
async function lighthousePages(url, paths, runs, data) {
  const pages = [];
  for (const path of paths) {
    const report = await lighthouseReport(`${url}${path}`, runs, `${path}, ${data}`);
    pages.push({ data, path, runs: report.runs, rows: report.rows, calibration: report.calibration });
  }
  return { pages, rows: pages.flatMap((page) => page.rows) };
}

export async function benchWeb({
  runtime,
  shops = 10_000,
  lighthouseRuns = 5,
  duration = 10,
  warmup = 2,
  save = true,
  benchDir,
  only = 'web',
}) {
  const pagesOnly = only === 'pages';
  const missing = ['frontend-shell', 'frontend-directory', 'frontend-admin'].filter(
    (name) =>
      !existsSync(`${ROOT}${name}/dist/index.html`) && !existsSync(`${ROOT}${name}/dist/remoteEntry.js`),
  );
  if (missing.length) {
    // A fresh clone after `npm ci`: build what `npm start` would serve (several minutes).
    console.log(`${missing.join(', ')} not built: running npm run build:frontends`);
    const build = spawnTracked('npm', ['run', 'build:frontends'], { cwd: ROOT, stdio: 'inherit' });
    const [code] = await once(build, 'exit');
    if (code !== 0) throw new Error(`npm run build:frontends exited with ${code}`);
  }
  console.log(`\n=== ${only}: the public pages on Node ${runtime.version}, demo data ===`);
  const demo = await lighthouseOnDemoData(runtime, lighthouseRuns);
  console.log(`\n=== ${only}: the public pages on Node ${runtime.version}, ${shops} shops ===`);
  const dataDir = mkdtempSync(`${tmpdir()}/atm-bench-web-`);
  let backend, browser;
  try {
    backend = await startBackend({
      nodeBin: runtime.nodeBin,
      preloads: runtime.preloads,
      env: { DATA_DIR: dataDir },
    });
    console.log(`backend pid ${backend.pid} at ${backend.url}`);
    const seed = await restoreShops(backend.url, await adminSession(backend.url), shops);
    console.log(
      `restored ${shops} shops in ${seed.seconds.toFixed(1)} s (backup ZIP ${(seed.zipBytes / 1024).toFixed(0)} KB)`,
    );

    // First, while nothing is rendered yet: the first answer of / is a real render.
    const targets = await publicPaths(backend.url);
    const sizes = await htmlSizes(backend.url, targets.paths);
    const cost = await pageCost(backend.url, targets, { duration, warmup });

    let bundles = { pages: [], rows: [] };
    let filtering = { presses: [], rows: [] };
    if (!pagesOnly) {
      browser = await launchChromium();
      bundles = await bundleReport(browser, backend.url);
      for (const line of fileLines(bundles.pages)) console.log(line);
      filtering = await filteringAtScale(browser, backend.url, shops);
      await browser.close();
      browser = undefined;
    }
    const lighthouse = await lighthousePages(backend.url, targets.paths, lighthouseRuns, `${shops} shops`);
    // After Lighthouse, whose calibration gives the phone's CPU slowdown.
    browser = await launchChromium();
    const touch = await firstTouchToLive(
      browser,
      backend.url,
      targets.paths,
      lighthouse.pages[0].calibration?.cpuSlowdown ?? 4,
    );
    await browser.close();
    browser = undefined;

    const rows = [
      ...demo.rows,
      ...lighthouse.rows,
      ...touch.rows,
      ...sizes.rows,
      ...cost.rows,
      ...bundles.rows,
      ...filtering.rows,
    ];
    console.log('');
    printFigures(rows);
    const budgetsHold = rows.every((r) => r.holds !== false);
    console.log(`\nBudgets: ${budgetsHold ? 'all hold' : 'NOT all hold'}`);
    const run = {
      only,
      date: new Date().toISOString(),
      dialect: 'sqlite',
      nodeVersion: runtime.version,
      machine: machineInfo(),
      shops,
      seedSeconds: seed.seconds,
      lighthouse: [...demo.pages, ...lighthouse.pages].map(({ data, path, runs, calibration }) => ({
        data,
        path,
        runs,
        calibration,
      })),
      htmlSizes: sizes.sizes,
      firstRenderMs: sizes.firstMs,
      pageCost: { runs: cost.runs },
      loadSettings: { connections: 10, duration, warmup },
      bundles: bundles.pages,
      keyPresses: filtering.presses,
      firstTouchToLive: touch.measured,
      rows,
      budgetsHold,
    };
    if (save) {
      const saved = saveWebRun(benchDir, run);
      console.log(`appended to ${saved.file}, wrote ${saved.json}`);
    }
    return run;
  } catch (error) {
    if (backend) console.error(`backend log (tail):\n${backend.output().slice(-3000)}`);
    throw error;
  } finally {
    await browser?.close();
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Lighthouse on what `npm start` serves on a fresh clone (the demo shops it seeds): three pages. */
async function lighthouseOnDemoData(runtime, runs) {
  const dataDir = mkdtempSync(`${tmpdir()}/atm-bench-web-demo-`);
  let backend;
  try {
    backend = await startBackend({
      nodeBin: runtime.nodeBin,
      preloads: runtime.preloads,
      env: { DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' },
    });
    console.log(`backend pid ${backend.pid} at ${backend.url} (demo data, as npm start)`);
    const { paths } = await publicPaths(backend.url);
    return await lighthousePages(backend.url, paths, runs, 'demo data');
  } catch (error) {
    if (backend) console.error(`backend log (tail):\n${backend.output().slice(-3000)}`);
    throw error;
  } finally {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function saveWebRun(dir, run) {
  const file = `${dir}/RESULTS.md`;
  const m = run.machine;
  const lh = run.lighthouse[0].runs[0];
  const title =
    run.only === 'pages'
      ? `pages: the server-rendered public pages, ${run.shops} shops (SQLite)`
      : `web: the public pages, ${run.shops} shops (SQLite)`;
  const section = [
    '',
    `## ${run.date} — ${title}, Node ${run.nodeVersion}`,
    '',
    `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}; load average at start ${m.loadAverage.join(' / ')}`,
    `- Shops restored through POST /api/admin/backup/restore in ${run.seedSeconds.toFixed(1)} s; the built backend serves the built frontends and renders the public pages as \`npm start\` does`,
    `- Lighthouse ${lh.lighthouseVersion}, mobile preset (slow 4G; CPU slowdown calibrated once by Lighthouse's calculator to this machine's benchmark index, the median of Lighthouse's own in ${run.lighthouse[0].calibration?.samples.length} runs of the first page, lib/web-lighthouse.mjs), ${lh.userAgent}; ${run.lighthouse[0].runs.length} runs per page, each figure the median of its runs`,
    ...run.lighthouse.map(
      ({ data, path, runs, calibration }) =>
        `  - ${path}, ${data} (CPU slowdown ${runs[0].cpuSlowdown}× for a benchmark index of ${calibration?.median}, from ${calibration?.samples.join(', ')}; the runs' own ${runs.map((r) => r.benchmarkIndex).join(', ')}): performance ${runs.map((r) => r.scores.performance).join(' / ')}, TBT ${runs
          .map((r) => r.tbtMs.toFixed(0))
          .join(' / ')} ms` +
        (runs[0].lcpElement ? `; LCP element \`${runs[0].lcpElement.slice(0, 80)}\`` : '') +
        (runs[0].failedAudits.length ? `; audits below 0.9: ${runs[0].failedAudits.join(', ')}` : ''),
    ),
    `- Page cost: autocannon, ${run.loadSettings.connections} connections, ${run.loadSettings.warmup} s warm-up then ${run.loadSettings.duration} s each, in a load process of its own, Accept-Encoding \`gzip, deflate, br\`; order ${run.pageCost.runs.map((r) => r.path).join(' → ')}; each page's baseline is the mean of the two API runs beside it`,
    ...(run.keyPresses.length
      ? [`- Key presses (ms): ${run.keyPresses.map((p) => p.ms.toFixed(1)).join(', ')}`]
      : []),
    '',
    figuresMarkdown(run.rows),
    '',
    ...(run.bundles.length ? ['```', ...fileLines(run.bundles), '```', ''] : []),
    `Budgets: ${run.budgetsHold ? 'all hold' : 'NOT all hold'}.`,
    '',
  ].join('\n');
  appendFileSync(file, section);
  mkdirSync(`${dir}/results`, { recursive: true });
  const json = `${dir}/results/latest-${run.only === 'pages' ? 'pages' : 'web'}-sqlite-node${run.nodeVersion.replace(/^v/, '').split('.')[0]}.json`;
  writeFileSync(json, JSON.stringify(run, null, 2) + '\n');
  return { file, json };
}
