/** The results table (console and Markdown), RESULTS.md and the JSON beside it. */
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const fmt = (n, digits = 0) => (n === undefined || n === null ? '—' : Number(n).toFixed(digits));

/** Budget verdict of one row: { text, holds } or undefined when the row has no budget. */
export function verdict(row) {
  if (!row.budget) return undefined;
  const { minRatio, maxP99 } = row.budget;
  const checks = [];
  if (minRatio !== undefined)
    checks.push([`ratio ≥ ${minRatio}`, row.ratio !== undefined && row.ratio >= minRatio]);
  if (maxP99 !== undefined) checks.push([`p99 < ${maxP99} ms`, row.result.p99 < maxP99]);
  if (row.result.unexpected || row.result.errors) checks.push(['no errors', false]);
  return { text: checks.map(([t]) => t).join(', '), holds: checks.every(([, ok]) => ok) };
}

const HEADER = [
  'Scenario',
  'Conns',
  'Req/s',
  'p50 ms',
  'p99 ms',
  'Unexpected/errors',
  'Ceiling req/s',
  'Ceiling p99',
  'Ratio',
  'Budget',
  'Holds',
];

function cells(row) {
  const r = row.result;
  const v = verdict(row);
  return [
    row.name,
    String(r.connections),
    fmt(r.rps, 1),
    fmt(r.p50),
    fmt(r.p99),
    `${r.unexpected}/${r.errors + r.timeouts}`,
    row.ceiling ? fmt(row.ceiling.rps, 1) : '—',
    row.ceiling ? fmt(row.ceiling.p99) : '—',
    row.ratio === undefined ? '—' : fmt(row.ratio, 2),
    v?.text ?? '—',
    v ? (v.holds ? 'yes' : 'NO') : '—',
  ];
}

export function printTable(rows) {
  const table = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  const line = (r) =>
    r.map((c, i) => (i === 0 || i === 9 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(table[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of table.slice(1)) console.log(line(r));
}

export function markdownTable(rows) {
  const out = [
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map((_, i) => (i === 0 || i === 9 ? ' --- ' : ' ---: ')).join('|')}|`,
  ];
  for (const row of rows) out.push(`| ${cells(row).join(' | ')} |`);
  return out.join('\n');
}

function resultsFile(dir) {
  const file = `${dir}/RESULTS.md`;
  if (!existsSync(file)) {
    writeFileSync(
      file,
      '# API benchmark results\n\nOne section per `npm run bench` run, newest last. See README.md for what each figure means.\n',
    );
  }
  return file;
}

/** results/latest-<prefix><dialect>-node<major>.json */
function writeLatest(dir, prefix, run, body) {
  mkdirSync(`${dir}/results`, { recursive: true });
  const json = `${dir}/results/latest-${prefix}${run.dialect}-node${run.nodeVersion.replace(/^v/, '').split('.')[0]}.json`;
  writeFileSync(json, JSON.stringify(body, null, 2) + '\n');
  return json;
}

const machineLine = (m) =>
  `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}; load average at start ${m.loadAverage.join(' / ')}`;

/**
 * autocannon keeps every connection busy (a closed loop), so the mean latency is connections
 * ÷ req/s (Little's law): a p99 budget at 50 connections needs at least 50 ÷ p99 req/s.
 */
function closedLoopNote(rows) {
  const row = rows.find((r) => r.budget?.maxP99 !== undefined && r.ceiling);
  if (!row) return [];
  const c = row.result.connections;
  const need = (c * 1000) / row.budget.maxP99;
  return [
    `- Closed loop: mean latency = connections ÷ req/s, so p99 < ${row.budget.maxP99} ms at ${c} connections needs more than ${fmt(need)} req/s; ${row.name}: ceiling ${fmt(row.ceiling.rps)} req/s → mean ${fmt((c * 1000) / row.ceiling.rps)} ms, backend ${fmt(row.result.rps)} req/s → mean ${fmt((c * 1000) / row.result.rps)} ms`,
  ];
}

/** Appends one section to RESULTS.md and writes results/latest-<dialect>-node<major>.json. */
export function saveRun({ dir, run }) {
  const file = resultsFile(dir);
  const m = run.machine;
  const section = [
    '',
    `## ${run.date} — ${run.dialect} (${run.dialectVersion}), Node ${run.nodeVersion}`,
    '',
    machineLine(m),
    `- Shops: ${run.shops} seeded through POST /api/admin/shops in ${fmt(run.seed.seconds, 1)} s (${fmt(run.seed.perSecond, 1)} shops/s, ${run.seed.parallel} in parallel)`,
    ...(Object.keys(run.seed.retriedFailures ?? {}).length
      ? [
          `- Seed answers that failed and were retried: ${Object.entries(run.seed.retriedFailures)
            .map(([s, n]) => `${n}× ${s}`)
            .join(', ')}${run.seed.firstError ? ` (${run.seed.firstError})` : ''}`,
        ]
      : []),
    `- Each run: ${run.settings.warmup} s warm-up (discarded), then ${run.settings.duration} s; autocannon in a load process of its own for the reads (in the bench process for login and writes), backend and ceiling each in their own process`,
    ...closedLoopNote(run.rows),
    `- Response sizes: ${run.sizes}`,
    '',
    markdownTable(run.rows),
    '',
    `Budgets: ${run.budgetsHold ? 'all hold' : 'NOT all hold'}.`,
    '',
  ].join('\n');
  appendFileSync(file, section);
  const json = writeLatest(dir, '', run, {
    ...run,
    rows: run.rows.map((r) => ({ ...r, verdict: verdict(r) })),
  });
  return { file, json };
}

// The backup bench: one figure per row, { name, value, unit, digits, budget?, holds? }.
const FIGURE_HEADER = ['Figure', 'Value', 'Unit', 'Budget', 'Holds'];

function figureCells(row) {
  return [
    row.name,
    typeof row.value === 'number' ? fmt(row.value, row.digits ?? 1) : String(row.value),
    row.unit ?? '',
    row.budget ?? '—',
    row.holds === undefined ? '—' : row.holds ? 'yes' : 'NO',
  ];
}

export function printFigures(rows) {
  const table = [FIGURE_HEADER, ...rows.map(figureCells)];
  const widths = FIGURE_HEADER.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 1 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(line(table[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of table.slice(1)) console.log(line(r));
}

/** Appends a section of figures to RESULTS.md: its title, the machine, what was measured, the table, the verdict. */
export function appendFiguresSection(benchDir, { title, machine, lines, rows }) {
  // A row without a budget (a byte count, a baseline) cannot fail.
  const budgetsHold = rows.every((row) => row.holds !== false);
  appendFileSync(
    `${benchDir}/RESULTS.md`,
    [
      '',
      `## ${new Date().toISOString()} — ${title}`,
      '',
      machineLine(machine),
      ...lines.map((line) => `- ${line}`),
      '',
      figuresMarkdown(rows),
      '',
      `Budgets: ${budgetsHold ? 'all hold' : 'NOT all hold'}.`,
      '',
    ].join('\n'),
  );
}

export function figuresMarkdown(rows) {
  return [
    `| ${FIGURE_HEADER.join(' | ')} |`,
    '| --- | ---: | --- | --- | --- |',
    ...rows.map((row) => `| ${figureCells(row).join(' | ')} |`),
  ].join('\n');
}

/** Where the resident memory lay (lib/smaps.mjs) at one moment, in words. */
export const splitText = (at) =>
  `${at.rss} MB: V8 pages ${at.v8Pages}, malloc heap ${at.mallocHeap}, other anonymous ${at.otherAnonymous}, files ${at.files}, ${at.threads} threads`;

/** Appends a backup/restore section to RESULTS.md; writes results/latest-backup-<dialect>-node<major>.json. */
export function saveBackupRun({ dir, run }) {
  const file = resultsFile(dir);
  const mem = (m) =>
    `sampled every 50 ms ${m.peakSampledMB} MB (${m.samples} samples), VmHWM ${m.vmHwmMB} MB` +
    (m.vmHwmCoversInterval ? ' (reset just before)' : ' (since start: could not reset)') +
    (m.atPeak ? `; near the peak, ${splitText(m.atPeak)}` : '');
  const section = [
    '',
    `## ${run.date} — backup/restore, ${run.dialect} (${run.dialectVersion}), Node ${run.nodeVersion}`,
    '',
    machineLine(run.machine),
    `- Data: ${run.shops} shops with ${run.images} distinct images (random-pixel PNGs stored with zlib level 0, ${fmt(run.imageBytes / 2 ** 20, 0)} MB), uploaded through the signed-URL flow and POST /api/admin/shops in ${fmt(run.seed.seconds, 1)} s, ${run.seed.parallel} shops in parallel`,
    ...(run.history
      ? [
          `- Activity log: ${run.history.entries} entries (each shop created, then edited through PUT /api/admin/shops/{id}; bulk verifications, logins, data backups), written through the API in ${fmt(run.history.seconds, 1)} s` +
            (run.backup.activity
              ? `; the backup's activity.json holds ${run.backup.activity.entries} entries, ${fmt(run.backup.activity.bytes / 2 ** 20, 1)} MB`
              : ''),
        ]
      : []),
    `- Backup streamed to a file in the bench's temporary directory; \`zip -r\` and \`zip -0 -r\` of the same image files (no .meta.json) into the same directory, right after it`,
    `- Restore into a second fresh backend (new ${run.dialect === 'mysql' ? 'database' : 'SQLite file'} and DATA_DIR), multipart streamed from disk`,
    `- Backend: \`node ${run.nodeFlags?.join(' ') || '(no flags)'}\`${run.store === 's3' ? ', images in S3 (s3rver on loopback)' : ', images on the local disk'}`,
    `- Peak RSS: backup ${run.backup.memory ? mem(run.backup.memory) : '—'}; restore ${run.restore ? mem(run.restore.memory) : '—'}`,
    ...run.backup.failures.map(
      (f) =>
        `- Full backup attempt ${f.attempt} FAILED after ${f.afterSeconds} s (${f.error}); backend ${f.backendExited ? 'exited' : 'kept running'}: \`${f.backendError}\``,
    ),
    ...(run.restore?.error ? [`- Restore answered ${run.restore.status}: ${run.restore.error}`] : []),
    '',
    figuresMarkdown(run.rows),
    '',
    `Budgets: ${run.budgetsHold ? 'all hold' : 'NOT all hold'}.`,
    '',
  ].join('\n');
  appendFileSync(file, section);
  return { file, json: writeLatest(dir, 'backup-', run, run) };
}
