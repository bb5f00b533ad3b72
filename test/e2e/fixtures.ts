import { createHash } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type ConsoleMessage, type Locator, type Page } from '@playwright/test';
import { createDb, type Db } from '@app/functions/db/client';
import { MIN_FILL_MS } from '@app/shared-types/forms';

/**
 * Every test runs with the network to third parties cut off (only the app's own
 * origin answers) and fails on any page error or console error, except the
 * browser's own report that a blocked third-party request failed. (The portal's
 * session check answers 200 `{ user: null }` when signed out: no error to excuse.)
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Each test is a visitor of its own: the server (TRUST_PROXY, global-setup.ts) takes the address
  // from X-Forwarded-For. Per-IP limits (20 sign-ins in 5 minutes, 10 forms a minute) are one
  // person's, and the whole suite signs in more often than that from one machine.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': visitorIp(testInfo.testId) });
  },
  // Public pages are rendered on the server and visible before React has hydrated them: every
  // goto and reload waits for the app's mark (web/src/main.tsx) before a test clicks or types.
  page: async ({ page }, use) => {
    const ready = () => page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.ready === 'true');
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await ready();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await ready();
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL ?? requiredEnv('E2E_BASE_URL')).origin;
      await page.context().route(
        (url) => url.origin !== origin,
        (route) => route.abort('internetdisconnected'),
      );
      const errors: string[] = [];
      const isBlockedThirdParty = (message: ConsoleMessage) =>
        message.text().startsWith('Failed to load resource') && !message.location().url.startsWith(origin);
      page.on('console', (message) => {
        if (message.type() === 'error' && !isBlockedThirdParty(message)) {
          errors.push(`${message.text()} (${message.location().url})`);
        }
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** An address of the benchmarking range 198.18.0.0/15 (never a real visitor's), the same for a test on every run. */
function visitorIp(testId: string): string {
  const [a = 0, b = 0] = createHash('sha256').update(testId).digest();
  return `198.18.${a}.${b}`;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through test/playwright.config.ts`);
  return value;
}

/** The table the e2e server writes to, for checking what a submission stored. */
export function e2eDb(): Db {
  return createDb({ table: requiredEnv('E2E_TABLE'), endpoint: requiredEnv('E2E_DYNAMODB_ENDPOINT'), region: 'local' });
}

/**
 * Picks `option` in the MUI select labelled `label` (inside `scope`, the page
 * by default). On a busy machine a click can land while the menu is still
 * opening and be lost, so it tries again until the select shows the choice.
 */
export async function choose(page: Page, label: string, option: string | RegExp, scope: Locator | Page = page) {
  const select = scope.getByRole('combobox', { name: label });
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) await select.click();
    await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click({ timeout: 2000 });
    await expect(page.getByRole('listbox')).toBeHidden({ timeout: 1000 });
    await expect(select).toHaveText(option, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Lets a public form's fill time reach what a person needs before it is sent.
 * The server keeps a form sent sooner than MIN_FILL_MS after it was shown (by
 * its own clock, from the token the form got then) as spam (no lead), and
 * Playwright fills a form in about a second. The rule is not relaxed for
 * tests: they take the time a person would.
 */
export async function takeAPersonsTime(page: Page) {
  await page.waitForTimeout(MIN_FILL_MS);
}

/**
 * For a test that posts a public form itself: the token the form would have
 * got when it was shown (GET /api/form-token), once a person's time has
 * passed. Without one the server keeps the form as spam (no lead).
 */
export async function aShownFormsToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/form-token');
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
  return token;
}
