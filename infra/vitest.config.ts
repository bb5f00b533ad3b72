import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'infra',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The same in-memory DynamoDB Local the functions tests use; the bundle test makes its own table.
    globalSetup: ['../functions/test/global-setup.ts'],
    // A synth bundles two functions with esbuild and runs cdk-nag: seconds, not milliseconds.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: 'silent' },
    // One module graph per worker, not per file: aws-cdk-lib loads once instead of 16 times, and the
    // files share their syntheses (test/synth.ts). The bundle test puts back the environment it sets.
    isolate: false,
    // Bundled handlers in a cloud assembly are imported by Node as they are, never transformed.
    server: { deps: { external: [/\/asset\.[0-9a-f]{64}\//] } },
  },
});
