import { totpCode, totpStep } from '@app/functions/auth/totp';
import type { Page } from '@playwright/test';
import { chunkSources, scriptsOf } from './bundle-sources';
import { expect, test } from './fixtures';
import { E2E_ADMIN } from './global-setup';
import { seeToast, unique } from './portal';

/** Fills the password step of the login form at `path`. */
async function passwordStep(page: Page, who: { email: string; password: string }, path = '/admin') {
  await page.goto(path);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Access Admin Portal' }).click();
}

/** A code of `secret` from a 30-second step after `usedStep` (a step is accepted once): waits for the next step if need be. */
async function freshCode(secret: string, usedStep: number): Promise<string> {
  while (totpStep(Date.now()) <= usedStep) await new Promise((resolve) => setTimeout(resolve, 500));
  return totpCode(secret, Date.now());
}

test.describe('two-factor sign-in', () => {
  test('a person turns it on from the header, signs out, and signs in with a generated code', async ({ page, request, baseURL, consoleErrors }) => {
    // Up to one 30-second step is waited for: a code's step is never accepted twice.
    test.setTimeout(90_000);
    const { tag } = unique('9', 'E2E2FA');
    const person = { name: `${tag} Secure`, email: `${tag.toLowerCase()}@example.com`, password: 'e2e-TwoFactor-pass-1' };
    const origin = { origin: new URL(baseURL ?? '').origin };

    // A separate account, made by the admin through the API, so no other spec's admin is affected.
    expect((await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: origin })).status()).toBe(200);
    const created = await request.post('/api/users', { data: { ...person, role: 'employee', department: 'Design', position: 'Designer' }, headers: origin });
    expect(created.status(), await created.text()).toBe(201);

    await passwordStep(page, person);
    await seeToast(page, 'Login successful', `Welcome, ${person.name}!`);

    // Header > Account menu > Two-factor sign-in > Turn on: the QR code and the key.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-factor sign-in' });
    await expect(dialog).toContainText('Two-factor sign-in is off');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const shownKey = (await dialog.getByTestId('two-factor-secret').textContent()) ?? '';
    const secret = shownKey.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // The code an authenticator app would show, made here with the same TOTP.
    const enrolStep = totpStep(Date.now());
    await dialog.getByLabel('Authentication code').fill(totpCode(secret, Date.now()));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    const codes = dialog.getByRole('list', { name: 'Recovery codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    const firstRecoveryCode = (await codes.getByRole('listitem').first().textContent()) ?? '';
    expect(firstRecoveryCode).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Access Admin Portal' })).toBeVisible();

    // The password alone no longer opens the portal: the code step shows.
    await passwordStep(page, person);
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);

    // A wrong code is refused with a clear message.
    await code.fill(totpCode(secret, Date.now() + 10 * 60_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That code is not valid' })).toBeVisible();
    // The browser reports the refused code (401) on the console; that one is expected here.
    const refused = consoleErrors.findIndex((error) => error.includes('status of 401') && error.includes('/api/auth/login/verify'));
    expect(refused).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refused, 1);

    await code.fill(await freshCode(secret, enrolStep));
    await page.getByRole('button', { name: 'Verify' }).click();
    await seeToast(page, 'Login successful', `Welcome, ${person.name}!`);
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();

    // The dialog now says it is on.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
    await expect(page.getByRole('dialog', { name: 'Two-factor sign-in' })).toContainText('10 of 10 recovery codes left.');
  });

  test("the QR code library is none of the home page's modules, and is in the portal's chunk of the 2FA enrolment", async ({ page }) => {
    const LEAN_QR = /^\/node_modules\/lean-qr\//;
    const ENROLMENT = '/src/features/auth/components/enrolment-details.tsx';
    // The modules of each script a page loaded, from the chunks' source maps.
    const modulesOf = (scripts: string[]) => scripts.map((script) => ({ script, sources: chunkSources(script) ?? [] }));

    const home = modulesOf(await scriptsOf(page, '/', () => expect(page.getByRole('heading', { level: 1, name: 'Crafting Spaces That Inspire' })).toBeVisible()));
    const homeSources = home.flatMap((chunk) => chunk.sources);
    // The check sees the page's modules (so an empty list is not mistaken for a clean one): the home page is
    // static HTML with islands, so its scripts are the islands' loader until someone touches the menu.
    expect(homeSources).toContain('/src/site-boot.ts');
    expect(homeSources.filter((source) => LEAN_QR.test(source) || source === ENROLMENT)).toEqual([]);

    const portal = modulesOf(await scriptsOf(page, '/admin', () => expect(page.getByRole('button', { name: 'Access Admin Portal' })).toBeVisible()));
    const enrolmentChunks = portal.filter((chunk) => chunk.sources.includes(ENROLMENT));
    expect(enrolmentChunks.map((chunk) => chunk.script)).toHaveLength(1);
    expect(enrolmentChunks[0]!.sources).toEqual(expect.arrayContaining(['/node_modules/lean-qr/index.mjs', '/src/components/qr-code.tsx']));
  });
});
