import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Each file opens its own database (PGlite in memory from a prebuilt template, or a fresh
    // PostgreSQL database cloned from a migrated template).
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
