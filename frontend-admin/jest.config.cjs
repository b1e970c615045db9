const preset = require('../frontend-common/jest/preset.cjs')(__dirname, 'frontend-admin');

// The shared preset, plus a MessageChannel stand-in that antd's Form needs under jsdom.
module.exports = {
  ...preset,
  testTimeout: 180_000,
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/jest.setup.ts'],
};
