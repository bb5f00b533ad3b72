import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared-types', include: ['shared-types/src/**/*.test.ts'], environment: 'node' } },
      // Checks of the repository's own tooling (ESLint rules).
      { test: { name: 'repo', include: ['test/lint/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      'functions/vitest.config.ts',
      'web/vitest.config.ts',
      'infra/vitest.config.ts',
    ],
  },
});
