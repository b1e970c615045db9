// The four frontends' Jest suites as projects of one Jest run (`npm run test:frontends`): one
// process shares workers, the transform cache and the module resolution between them, instead
// of four Jest starts one after another. Each workspace's own `npm test` runs its own
// jest.config.cjs alone. Totals are written per project (tools/jest-totals-reporter.cjs).
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const frontends = ['frontend-common', 'frontend-shell', 'frontend-directory', 'frontend-admin'];

module.exports = {
  rootDir: root,
  // Each workspace's own config, less its reporters (Jest takes reporters from the run only).
  projects: frontends.map((name) => {
    const project = { ...require(path.join(root, name, 'jest.config.cjs')) };
    delete project.reporters;
    return project;
  }),
  // Reporters and the test time limit belong to the run, not to a project (Jest ignores them
  // there): one line of totals per project, and the projects' own limit (preset.cjs).
  testTimeout: require(path.join(__dirname, 'preset.cjs'))(root, 'projects').testTimeout,
  reporters: ['default', path.join(root, 'tools', 'jest-totals-reporter.cjs')],
};
