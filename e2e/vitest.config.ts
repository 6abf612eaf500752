import { defineConfig } from 'vitest/config';

// Browser journeys: one portal server and one Chromium per test file, files one after another
// (the machine has two cores; the server and Chromium already use both).
export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
