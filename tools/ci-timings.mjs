#!/usr/bin/env node
// The timing table at the end of .ci/run: each step's and each test suite's wall-clock time
// beside its budget (tools/ci-budgets.json), marked where it went over, so a slower step shows
// in every run's log. Usage: node tools/ci-timings.mjs <steps file> <suite times file> <total s>
// Each line of the steps file: "<name> <seconds> [note]"; of the suite times file: "<name> <seconds>".
import { existsSync, readFileSync } from 'node:fs';

const budgets = JSON.parse(readFileSync(new URL('./ci-budgets.json', import.meta.url), 'utf8'));
const [stepsFile, suitesFile, total] = process.argv.slice(2);
const lines = (file) =>
  file && existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];

function row(name, seconds, budget, note = '') {
  const over = budget !== undefined && seconds > budget ? '  OVER BUDGET' : '';
  const limit = budget === undefined ? '' : `(budget ${budget} s)`;
  return `  ${name.padEnd(30)} ${String(seconds).padStart(5)} s  ${limit.padEnd(18)}${note}${over}`;
}

const parse = (line) => {
  const match = line.match(/^(.*?)\s+(\d+)(?: s)?(.*)$/);
  return match ? { name: match[1].trim(), seconds: Number(match[2]), note: match[3].trim() } : null;
};

console.log('Timings (wall clock, this machine):');
for (const step of lines(stepsFile).map(parse).filter(Boolean))
  console.log(row(step.name, step.seconds, budgets.steps[step.name], step.note));
const suites = lines(suitesFile).map(parse).filter(Boolean);
if (suites.length) {
  console.log('Test suites (inside npm test, two lanes side by side):');
  for (const suite of suites) console.log(row(`  ${suite.name}`, suite.seconds, budgets.suites[suite.name]));
}
if (total !== undefined) console.log(row('total', Number(total), budgets.steps.total));
