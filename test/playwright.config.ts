import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive the real built app (functions/dist + web/dist) in
 * Debian's headless Chromium (scripts/system-deps.mjs). global-setup starts DynamoDB Local and the server on free
 * ports and hands the URLs to the tests through the environment.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './output/e2e-artifacts',
  globalSetup: './e2e/global-setup.ts',
  // Two files at a time (one Chromium each): a journey waits on the server and the database about a
  // third of its time, which the other fills. Tests in a file run in order.
  fullyParallel: false,
  workers: 2,
  // A failed test runs once more; npm test's summary names one that passes then as flaky.
  retries: 1,
  // Two workers share 2 cores: a journey can take half as long again as it would alone.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // Phases, in order. The website's project filters count the seeded projects: before any journey
  // publishes one. The specs that change what every other test sees run alone, after the rest:
  // Settings (maintenance mode closes the public site; the firm's name) and a restore (it puts the
  // whole table back).
  projects: [
    { name: 'seeded website', testMatch: /\/projects\.spec\.ts$/ },
    { name: 'journeys', testIgnore: [/\/projects\.spec\.ts$/, /settings\.spec\.ts$/, /backup\.spec\.ts$/], dependencies: ['seeded website'] },
    { name: 'settings', testMatch: /settings\.spec\.ts$/, dependencies: ['journeys'] },
    { name: 'restore', testMatch: /backup\.spec\.ts$/, dependencies: ['settings'] },
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    headless: true,
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot; the trace's
    // screencast is off: filming every test took a third of the suite's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
});
