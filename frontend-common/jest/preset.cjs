// Jest setup shared by the frontend workspaces: jsdom with the browser's fetch classes, Babel
// with the same config as webpack, CSS stubbed, and the totals reporter.
const path = require('node:path');

module.exports = function frontendJestConfig(rootDir, name) {
  return {
    rootDir,
    displayName: name,
    testEnvironment: path.join(__dirname, 'jsdom-with-fetch.cjs'),
    setupFilesAfterEnv: [path.join(__dirname, 'setup.ts')],
    transform: {
      '^.+\\.[cm]?[jt]sx?$': ['babel-jest', { configFile: path.join(__dirname, '..', 'babel.config.cjs') }],
      '^.+\\.html$': path.join(__dirname, 'raw-text.cjs'),
    },
    // antd, rc-* and friends, and some of MSW's dependencies ship ES modules only; they need Babel too.
    transformIgnorePatterns: [
      '/node_modules/(?!(@ant-design|@rc-component|rc-[^/]+|antd|@babel/runtime|rettime|until-async|@open-draft)/)',
    ],
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'style-stub.cjs'),
      // As in webpack: the frontends' router API is frontend-common/src/router.ts.
      '^react-router-dom$': path.join(__dirname, '..', 'src', 'router.ts'),
      // As in webpack (ICON_COMPONENTS): antd's icons are decoration unless named (src/icons/).
      '^\\.\\./components/(AntdIconLight|AntdIcon)$': path.join(__dirname, '..', 'src', 'icons', '$1.tsx'),
    },
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    // Twice Jest's 5 s: on a 2-core machine shared with other jobs (CI's, or five agents') a
    // test that takes 1-2 s alone was seen at 5-6 s with the frontends run on two workers.
    // Waits inside tests are conditions (findBy, waitFor), never time (setup.ts sets their limit).
    testTimeout: 10_000,
    reporters: ['default', [path.join(__dirname, '../../tools/jest-totals-reporter.cjs'), { name }]],
  };
};
