import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './global-setup';
import { expect } from './fixtures';

/** Helpers every portal journey shares: signing in and reading toasts. */

/** A 10-digit phone number starting with `first`, and a name tag, that no other test uses. */
export function unique(first = '7', tagPrefix = 'E2E') {
  const n = Math.floor(100_000_000 + Math.random() * 899_999_999);
  return { phone: `${first}${n}`, tag: `${tagPrefix}${n}` };
}

/** The toast titled `title`: 'status' for default toasts, 'alert' for destructive ones. */
export const toast = (page: Page, role: 'status' | 'alert', title: string) => page.getByRole(role).filter({ hasText: title });

/** Checks a success toast and closes it, so the next one (one shows at a time) need not wait 5 s. */
export async function seeToast(page: Page, title: string, description: string) {
  const shown = toast(page, 'status', title);
  await expect(shown).toContainText(description);
  await shown.getByRole('button', { name: 'Close' }).click();
  await expect(shown).toBeHidden();
}

/** Signs in as the e2e superadmin from the login form at `path`. */
export async function signIn(page: Page, path = '/admin') {
  await page.goto(path);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Access Admin Portal' }).click();
  await seeToast(page, 'Login successful', `Welcome, ${E2E_ADMIN.name}!`);
}
