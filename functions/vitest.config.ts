import { defineProject } from 'vitest/config';

/**
 * Files that set process.env for modules that read it when imported (the Lambda handlers):
 * they run isolated (vitest.isolated.config.ts), each with its own module graph.
 */
export const ISOLATED = ['test/jobs-handler.test.ts', 'test/jobs-deploy-event.test.ts', 'test/jobs-dispatch.test.ts'];

export const base = {
  environment: 'node',
  globalSetup: ['test/global-setup.ts'],
  setupFiles: ['test/setup.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
  env: { LOG_LEVEL: 'silent' },
} as const;

export default defineProject({
  test: {
    ...base,
    name: 'functions',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ISOLATED,
    // One module graph per worker, not per file: the app, the AWS SDK and yup load once instead of 60
    // times (about 3 s of a core each). Every file makes its own table and app (test/helpers.ts), so
    // files share no data; what is process-wide (the hash queue, the log level) tolerates sharing.
    isolate: false,
  },
});
