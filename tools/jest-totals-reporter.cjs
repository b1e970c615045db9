// Appends "<suite> <passed> <failed>" to $TEST_TOTALS_FILE so .ci/run can print one line for
// all suites. One reporter for every Jest workspace: pass the suite name as its option,
// e.g. reporters: ['default', ['<rootDir>/../tools/jest-totals-reporter.cjs', { name: 'frontend-shell' }]].
// (backend/test/support/totals-reporter.cjs is the same logic with the name fixed to 'backend'.)
const { appendFileSync } = require('node:fs');
const path = require('node:path');

class TotalsReporter {
  constructor(globalConfig, options = {}) {
    this.name = options.name || path.basename(globalConfig.rootDir);
  }

  onRunComplete(_contexts, results) {
    const file = process.env.TEST_TOTALS_FILE;
    if (!file) return;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    appendFileSync(file, `${this.name} ${results.numPassedTests} ${failed}\n`);
  }
}

module.exports = TotalsReporter;
