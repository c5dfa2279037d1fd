import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'apps/server',
      'apps/web',
      'apps/mobile',
      // The root's scripts (npm start's build check) and the repository's own checks (CONTEXT.md files).
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
