// Appends this suite's totals to $TEST_TOTALS_FILE so .ci/run can print one line for all suites.
const { appendFileSync } = require('node:fs');

class TotalsReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.TEST_TOTALS_FILE;
    if (!file) return;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    appendFileSync(file, `backend ${results.numPassedTests} ${failed}\n`);
  }
}

module.exports = TotalsReporter;
