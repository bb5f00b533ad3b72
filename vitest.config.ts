import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one worker on a 2-core
    // machine, so every file ran in turn. The main process mostly waits, so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'shared-types', include: ['shared-types/src/**/*.test.ts'], environment: 'node' } },
      // Checks of the repository's own tooling (ESLint rules).
      { test: { name: 'repo', include: ['test/lint/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      'functions/vitest.config.ts',
      'functions/vitest.isolated.config.ts',
      'web/vitest.config.ts',
      'infra/vitest.config.ts',
    ],
  },
});
