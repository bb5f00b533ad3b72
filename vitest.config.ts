import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared-types', include: ['shared-types/src/**/*.test.ts'], environment: 'node' } },
      'functions/vitest.config.ts',
      'web/vitest.config.ts',
      'infra/vitest.config.ts',
    ],
  },
});
