import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // Property tests run a hundred cases each; on two cores shared with the server's suites
    // one took 8 s of wall time (CPU-starved, not slow), past the 5 s default.
    testTimeout: 30_000,
  },
});
