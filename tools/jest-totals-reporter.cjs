// Appends "<suite> <passed> <failed> <skipped>" to $TEST_TOTALS_FILE so .ci/run can print one
// line for all suites, and "<suite>: <test's full name>" of each skipped (or todo) test to
// $TEST_SKIPS_FILE, which .ci/run holds to its allow-list. The one totals reporter for every Jest run in the repository:
// - a single suite names itself with the option, e.g.
//   reporters: ['default', ['<rootDir>/../tools/jest-totals-reporter.cjs', { name: 'backend' }]];
// - a run of several projects (frontend-common/jest/projects.cjs) writes one line per project,
//   named by its displayName (or its folder when it has none).
// A test file that failed to run (syntax error, failing import) counts as one failed test.
const { appendFileSync } = require('node:fs');
const path = require('node:path');

class TotalsReporter {
  constructor(globalConfig, options = {}) {
    this.name = options.name;
    this.rootDir = globalConfig.rootDir;
  }

  suiteOf(testResult) {
    if (this.name) return this.name;
    const { displayName } = testResult;
    if (displayName) return typeof displayName === 'string' ? displayName : displayName.name;
    return path.basename(this.rootDir);
  }

  onRunComplete(_contexts, results) {
    const file = process.env.TEST_TOTALS_FILE;
    if (!file) return;
    const totals = new Map();
    const skips = [];
    for (const testResult of results.testResults) {
      const suite = this.suiteOf(testResult);
      const total = totals.get(suite) ?? { passed: 0, failed: 0, skipped: 0 };
      total.passed += testResult.numPassingTests;
      total.failed += testResult.numFailingTests + (testResult.testExecError ? 1 : 0);
      total.skipped += testResult.numPendingTests + testResult.numTodoTests;
      for (const test of testResult.testResults)
        if (test.status === 'pending' || test.status === 'todo' || test.status === 'skipped')
          skips.push(`${suite}: ${test.fullName}\n`);
      totals.set(suite, total);
    }
    // A run that found no test file still says so, as a suite with nothing passed.
    if (totals.size === 0)
      totals.set(this.name ?? path.basename(this.rootDir), { passed: 0, failed: 0, skipped: 0 });
    const lines = [...totals].map(
      ([suite, { passed, failed, skipped }]) => `${suite} ${passed} ${failed} ${skipped}\n`,
    );
    appendFileSync(file, lines.join(''));
    if (process.env.TEST_SKIPS_FILE && skips.length)
      appendFileSync(process.env.TEST_SKIPS_FILE, skips.join(''));
  }
}

module.exports = TotalsReporter;
