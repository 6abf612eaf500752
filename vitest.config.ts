import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests (domain, contract, web rules, server without a database) and
// database tests (*.int.test.ts), which run on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Simulating weeks of a patient takes a second or two alone and far more on a machine
          // shared with other runs: a timeout is a hang guard here, not a speed check (benchmarks are).
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/server/src/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          globalSetup: ['apps/server/test-support/global-setup.ts'],
        },
      },
    ],
  },
});
