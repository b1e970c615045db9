/**
 * The backup/restore benchmark for one dialect (npm run bench:backup, or npm run bench -- --backup):
 * seed shops with uploaded images, time POST /api/admin/backup/full streamed to a file against
 * `zip -r` and `zip -0 -r` of the same image files, then restore that file into a second fresh
 * backend, sampling the backend's memory during each.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { download, uploadMultipart } from './backup-transfer.mjs';
import { uploadImage, randomPng } from './images.mjs';
import { machineInfo, sqliteVersion } from './machine.mjs';
import { memoryOf, peakOf, round, sampleMemory } from './process-memory.mjs';
import { createDatabase } from './mysql.mjs';
import { spawnTracked } from './processes.mjs';
import { splitText, printFigures, saveBackupRun } from './report.mjs';
import { writeHistory } from './backup-history.mjs';
import { adminSession, login, seedShops, shopBody } from './seed.mjs';
import { rawGet, startBackend } from './server.mjs';
import { startS3Store } from './s3-store.mjs';
import { productionNodeFlags } from '../../tools/production-command.mjs';

const MB = 1024 * 1024;
/** A failed full backup is retried on a restarted backend, this many attempts in all. */
const BACKUP_ATTEMPTS = 3;
export const BACKUP_BUDGETS = { maxZipRatio: 1.5, maxRssMB: 270 };

const seconds = (since) => (performance.now() - since) / 1000;

/** Runs a command to completion (tracked, so Ctrl-C stops it); resolves its wall time in s. */
async function timed(command, args, cwd) {
  const started = performance.now();
  const child = spawnTracked(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr}`);
  return seconds(started);
}

/** The backend's first ERROR line and the first line of a crash, without colour codes. */
function firstErrorLines(log) {
  const lines = log.replace(new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g'), '').split('\n');
  const found = [
    lines.find((l) => l.includes('ERROR')),
    lines.find((l) => /^\w*Error\b|^Error \[/.test(l)),
  ].filter(Boolean);
  return found.map((l) => l.trim().slice(0, 200)).join(' | ') || 'no error logged';
}

/** What the backup's manifest says of its activity log: { entries, bytes } of activity.json. */
function activityInBackup(zipFile) {
  // The manifest lists every image with its checksum: about 4 MB at 10,000 shops.
  const manifest = JSON.parse(
    execFileSync('unzip', ['-p', zipFile, 'manifest.json'], { encoding: 'utf8', maxBuffer: 256 * MB }),
  );
  return { entries: manifest.counts?.activity, bytes: manifest.files?.['activity.json']?.size };
}

/** The image files (not the .meta.json sidecars) the backend stored under dataDir. */
function storedImages(dataDir) {
  const dir = `${dataDir}/objects/uploads`;
  return readdirSync(dir).filter((n) => !n.endsWith('.meta.json') && !n.endsWith('.partial'));
}

/**
 * One dialect: returns the run (also printed, and saved unless save is false).
 * runtime: { nodeBin, preloads, version }; benchDir: where RESULTS.md and results/ live.
 */
export async function benchBackup({
  dialect,
  runtime,
  shops = 1000,
  parallel = 8,
  save = true,
  benchDir,
  nodeFlags = [],
  extraEnv = {},
  store = 'local',
}) {
  console.log(
    `\n=== backup/restore, ${dialect} on Node ${runtime.version}: ${shops} shops, ${2 * shops} images in ${store} ===`,
  );
  const work = mkdtempSync(`${tmpdir()}/atm-bench-backup-`);
  const [data1, data2] = [`${work}/data1`, `${work}/data2`];
  mkdirSync(data1);
  mkdirSync(data2);
  const backupFile = `${work}/backup.zip`;
  const env = (dataDir, database, s3) => ({
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RESTORE_MAX_BYTES: String(8 * 1024 * MB),
    // The seed asks for two upload links per shop from one session; the operators' setting lifts
    // the default quota (200 per 10 minutes) for this backend only, as a bulk load would.
    UPLOAD_LINKS_PER_WINDOW: String(2 * shops + 100),
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...s3?.env,
    ...extraEnv,
  });
  const machine = machineInfo();
  let db1, db2, source, target, s3a, s3b;
  try {
    if (dialect === 'mysql') db1 = await createDatabase(process.env.TEST_MYSQL_URL);
    // With the S3 store, each backend has an s3rver of its own (the restore stores every image anew).
    if (store === 's3') {
      mkdirSync(`${work}/s3a`);
      mkdirSync(`${work}/s3b`);
      s3a = await startS3Store(`${work}/s3a`);
      s3b = await startS3Store(`${work}/s3b`);
    }
    source = await startBackend({
      nodeBin: runtime.nodeBin,
      preloads: runtime.preloads,
      nodeFlags,
      env: env(data1, db1, s3a),
    });
    console.log(`backend pid ${source.pid} at ${source.url}`);
    const cookie = await adminSession(source.url);
    let cookieNow = cookie;

    // 1. Seed: per shop, two distinct images through the signed-URL flow, then the shop.
    let imageBytes = 0;
    const seed = await seedShops(source.url, cookie, shops, parallel, async (i) => {
      const logoPng = randomPng();
      const mapPng = randomPng();
      imageBytes += logoPng.length + mapPng.length;
      const logo = await uploadImage(source.url, cookie, 'logo', logoPng);
      const mapImageUrl = await uploadImage(source.url, cookie, 'map', mapPng);
      return { ...shopBody(i), logo, mapImageUrl };
    });
    const images = s3a ? s3a.images() : storedImages(data1);
    console.log(
      `seeded ${shops} shops and ${images.length} images (${(imageBytes / MB).toFixed(0)} MB) in ${seed.seconds.toFixed(1)} s`,
    );
    if (images.length !== 2 * shops)
      throw new Error(`expected ${2 * shops} stored images, found ${images.length}`);
    // The log goes into the backup too: the history such a directory accumulates.
    const history = await writeHistory(source.url, cookie, seed.ids, parallel);
    console.log(`activity log: ${history.entries} entries, written in ${history.seconds.toFixed(1)} s`);
    const stats = JSON.parse((await rawGet(`${source.url}/api/admin/backup/stats`, { cookie })).body);
    console.log(
      `GET /api/admin/backup/stats: ${stats.storedImages} images, estimated ${stats.estimatedSize}`,
    );

    // 2. Full backup streamed to disk, then the zip baselines of the same image files. A
    //    failed backup (the backend may die) is recorded, and retried on a restarted backend.
    const backupFailures = [];
    let idleBackupMB, memory, started, backupSeconds, backupMemory, backupBytes;
    for (let attempt = 1; attempt <= BACKUP_ATTEMPTS; attempt++) {
      idleBackupMB = memoryOf(source.pid)?.rss;
      memory = sampleMemory(source.pid);
      started = performance.now();
      try {
        await download(`${source.url}/api/admin/backup/full`, cookieNow, backupFile);
        backupSeconds = seconds(started);
        backupMemory = memory.stop();
        backupBytes = statSync(backupFile).size;
        break;
      } catch (error) {
        const failedAfter = seconds(started);
        const failedMemory = memory.stop();
        await new Promise((r) => setTimeout(r, 500));
        const log = source.output();
        const exited = !memoryOf(source.pid);
        const failure = {
          attempt,
          error: error.message,
          afterSeconds: round(failedAfter, 2),
          peakRssMB: peakOf(failedMemory),
          backendExited: exited,
          backendError: firstErrorLines(log),
        };
        backupFailures.push(failure);
        console.log(
          `full backup attempt ${attempt} FAILED after ${failedAfter.toFixed(2)} s: ${error.message}`,
        );
        console.log(`  backend ${exited ? 'exited' : 'still running'}: ${failure.backendError}`);
        await source.stop();
        if (attempt === BACKUP_ATTEMPTS) break;
        source = await startBackend({
          nodeBin: runtime.nodeBin,
          preloads: runtime.preloads,
          nodeFlags,
          env: env(data1, db1, s3a),
        });
        console.log(`restarted backend pid ${source.pid} on the same data`);
        cookieNow = await login(source.url);
      }
    }
    const backupOk = backupSeconds !== undefined;
    let backupActivity;
    if (backupOk) {
      backupActivity = activityInBackup(backupFile);
      console.log(
        `full backup: ${backupSeconds.toFixed(2)} s, ${(backupBytes / MB).toFixed(1)} MB, peak RSS ${peakOf(backupMemory)} MB; ` +
          `activity.json: ${backupActivity.entries} entries, ${(backupActivity.bytes / MB).toFixed(1)} MB`,
      );
      if (backupMemory.atPeak) console.log(`  near the peak, ${splitText(backupMemory.atPeak)}`);
    }
    const exclude = ['-x', ...(s3a ? s3a.notImages : ['*.meta.json', '*.partial'])];
    const zipFile = `${work}/images.zip`;
    const imagesFolder = s3a ? s3a.uploadsFolder : `${data1}/objects`;
    const zipSeconds = await timed('zip', ['-r', '-q', zipFile, 'uploads', ...exclude], imagesFolder);
    const zipBytes = statSync(zipFile).size;
    rmSync(zipFile);
    const storeSeconds = await timed('zip', ['-0', '-r', '-q', zipFile, 'uploads', ...exclude], imagesFolder);
    const storeBytes = statSync(zipFile).size;
    rmSync(zipFile);
    console.log(`zip -r: ${zipSeconds.toFixed(2)} s; zip -0 -r: ${storeSeconds.toFixed(2)} s`);
    await source.stop();
    rmSync(data1, { recursive: true, force: true });

    // 3. Restore into a second fresh backend (so every shop is created, none replaced).
    let restore;
    if (backupOk) {
      if (dialect === 'mysql') db2 = await createDatabase(process.env.TEST_MYSQL_URL);
      target = await startBackend({
        nodeBin: runtime.nodeBin,
        preloads: runtime.preloads,
        nodeFlags,
        env: env(data2, db2, s3b),
      });
      console.log(`restore backend pid ${target.pid} at ${target.url}`);
      const cookie2 = await adminSession(target.url);
      const idleRssMB = round(memoryOf(target.pid)?.rss);
      memory = sampleMemory(target.pid);
      started = performance.now();
      const restored = await uploadMultipart(
        `${target.url}/api/admin/backup/restore`,
        cookie2,
        'backupFile',
        backupFile,
      );
      const restoreSeconds = seconds(started);
      const restoreMemory = memory.stop();
      restore = { seconds: restoreSeconds, memory: restoreMemory, idleRssMB, status: restored.status };
      if (restored.status === 200) {
        restore.answer = JSON.parse(restored.body);
        const listed = JSON.parse(
          (await rawGet(`${target.url}/api/shops`, { 'accept-encoding': 'identity' })).body,
        );
        restore.listedShops = Array.isArray(listed)
          ? listed.length
          : (listed.shops?.length ?? listed.items?.length);
      } else {
        restore.error = restored.body.slice(0, 500);
      }
      console.log(
        `restore: ${restored.status} in ${restoreSeconds.toFixed(2)} s, peak RSS ${peakOf(restoreMemory)} MB; ` +
          (restore.answer
            ? `${restore.answer.message} GET /api/shops lists ${restore.listedShops}`
            : restore.error),
      );
      if (restoreMemory.atPeak) console.log(`  near the peak, ${splitText(restoreMemory.atPeak)}`);
    }

    const failedText = backupFailures.length
      ? `${backupFailures.length} of ${backupFailures.length + (backupOk ? 1 : 0)} attempts failed`
      : '';
    const noBackup = 'FAILED';
    const a = restore?.answer;
    const rows = [
      {
        name: 'Full backup, POST /api/admin/backup/full → file',
        value: backupOk ? backupSeconds : noBackup,
        unit: backupOk ? `s${failedText ? ` (${failedText})` : ''}` : failedText,
        digits: 2,
        budget: 'completes',
        holds: backupOk && !backupFailures.length,
      },
      { name: 'Baseline zip -r of the images', value: zipSeconds, unit: 's', digits: 2 },
      {
        name: 'Backup ÷ zip -r',
        value: backupOk ? backupSeconds / zipSeconds : '—',
        unit: 'x',
        digits: 2,
        budget: `≤ ${BACKUP_BUDGETS.maxZipRatio}`,
        holds: backupOk && backupSeconds / zipSeconds <= BACKUP_BUDGETS.maxZipRatio,
      },
      { name: 'Baseline zip -0 -r (store only)', value: storeSeconds, unit: 's', digits: 2 },
      {
        name: 'Backup ÷ zip -0 -r',
        value: backupOk ? backupSeconds / storeSeconds : '—',
        unit: 'x',
        digits: 2,
      },
      {
        name: 'Backup size (zip -r / zip -0 -r)',
        value: backupOk ? backupBytes / MB : '—',
        unit: `MB (${(zipBytes / MB).toFixed(1)} / ${(storeBytes / MB).toFixed(1)})`,
        digits: 1,
      },
      {
        name: 'Backup size estimated by /backup/stats',
        value: stats.estimatedBytes / MB,
        unit: 'MB',
        digits: 1,
      },
      {
        name: 'Backend peak RSS during backup',
        value: backupOk ? peakOf(backupMemory) : '—',
        unit: `MB (idle ${round(idleBackupMB)})`,
        digits: 1,
        budget: `< ${BACKUP_BUDGETS.maxRssMB} MB`,
        holds: backupOk && peakOf(backupMemory) < BACKUP_BUDGETS.maxRssMB,
      },
      {
        name: 'Restore, POST /api/admin/backup/restore (multipart)',
        value: restore ? restore.seconds : 'not run',
        unit: restore ? `s (status ${restore.status})` : '',
        digits: 2,
      },
      {
        name: 'Backend peak RSS during restore',
        value: restore ? peakOf(restore.memory) : '—',
        unit: restore ? `MB (idle ${restore.idleRssMB})` : 'MB',
        digits: 1,
        budget: `< ${BACKUP_BUDGETS.maxRssMB} MB`,
        holds: Boolean(restore) && peakOf(restore.memory) < BACKUP_BUDGETS.maxRssMB,
      },
      {
        name: 'Restore counts (created+updated / images / listed)',
        value: a ? `${a.created}+${a.updated} / ${a.images} / ${restore.listedShops}` : '—',
        unit: '',
        budget: `${shops} / ${2 * shops} / ${shops}`,
        holds:
          Boolean(a) &&
          a.created + a.updated === shops &&
          a.images === 2 * shops &&
          restore.listedShops === shops,
      },
    ];
    console.log('');
    printFigures(rows);
    const budgetsHold = rows.every((r) => r.holds !== false);
    console.log(`\nBudgets: ${budgetsHold ? 'all hold' : 'NOT all hold'}`);
    const run = {
      kind: 'backup',
      date: new Date().toISOString(),
      dialect,
      dialectVersion: db1 ? db1.serverVersion : `SQLite ${sqliteVersion(runtime)}`,
      nodeVersion: runtime.version,
      machine,
      shops,
      images: images.length,
      imageBytes,
      seed: { seconds: seed.seconds, parallel, retriedFailures: seed.failures },
      history,
      backup: {
        activity: backupActivity,
        seconds: backupSeconds,
        bytes: backupBytes,
        memory: backupMemory,
        idleRssMB: round(idleBackupMB),
        failures: backupFailures,
        stats,
      },
      baselines: { zipSeconds, zipBytes, storeSeconds, storeBytes },
      restore,
      nodeFlags: [...productionNodeFlags(), ...nodeFlags],
      store,
      rows,
      budgets: BACKUP_BUDGETS,
      budgetsHold,
    };
    if (save) {
      const saved = saveBackupRun({ dir: benchDir, run });
      console.log(`appended to ${saved.file}, wrote ${saved.json}`);
    }
    return run;
  } catch (error) {
    for (const b of [source, target])
      if (b) console.error(`backend ${b.pid} log (tail):\n${b.output().slice(-3000)}`);
    throw error;
  } finally {
    await source?.stop();
    await target?.stop();
    await db1?.drop();
    await db2?.drop();
    await s3a?.close();
    await s3b?.close();
    rmSync(work, { recursive: true, force: true });
  }
}
