/**
 * Jest in native ESM mode (NestJS 12 ships ES modules only); `npm test` passes
 * --experimental-vm-modules. Unit tests sit beside the code (*.spec.ts), integration tests
 * over real HTTP and real databases in test/ (*.test.ts).
 */
export default {
  testEnvironment: 'node',
  // The contract's own unit tests (plain ES modules, run as they are) run here too.
  roots: ['<rootDir>', '<rootDir>/../contract/src'],
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/test/**/*.test.ts',
    '<rootDir>/../contract/src/**/*.spec.js',
  ],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testTimeout: 60_000,
  setupFilesAfterEnv: ['<rootDir>/test/support/error-codes.setup.ts'],
  reporters: ['default', ['<rootDir>/../tools/jest-totals-reporter.cjs', { name: 'backend' }]],
};
