import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProfilePhotoUploadTicket } from '@app/shared-types/employee-photos';
import type { SettingsAnswer } from '@app/shared-types/settings';
import type { SiteInfo } from '@app/shared-types/site';
import { localPhotoStorage } from '../src/photos/local-photo-storage';
import { createTestApp, json, signedInStaff, staffRequest, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * Settings > Company > Logo: uploaded through the photo pipeline (a signed form
 * to staging, checked by its bytes, published once), then saved as
 * company.companyLogo with the rest of the settings (version-checked), and
 * shown on GET /api/site.
 */

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
const HTML = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');

let app: TestApp;
let host: Hono;
let root: string;
let admin: string;
let employee: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'company-logo-'));
  const local = localPhotoStorage(root);
  const created = await createTestApp({ photos: local.storage });
  app = created.app;
  host = new Hono().route('/', app).route('/', local.routes);
  admin = (await signedInStaff(app, created.db, 'admin')).cookie;
  employee = (await signedInStaff(app, created.db, 'employee')).cookie;
});

async function expectStatus(response: Response | Promise<Response>, status: number) {
  const resolved = await response;
  expect(resolved.status, await resolved.clone().text()).toBe(status);
  return resolved;
}

async function upload(target: ProfilePhotoUploadTicket, bytes: Uint8Array) {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new File([bytes], 'logo', { type: 'image/jpeg' }));
  return host.request(target.url, { method: 'POST', body: form, headers: { origin: TEST_ORIGIN } });
}

/** Uploads `bytes` as a logo and publishes it: the answer of POST /api/settings/logo. */
async function uploadLogo(bytes: Uint8Array = JPEG, cookie = admin) {
  const ticket = await json<ProfilePhotoUploadTicket>(
    expectStatus(staffRequest(app, '/api/settings/logo-uploads', cookie, { method: 'POST', body: { contentType: 'image/jpeg', size: bytes.length } }), 201),
  );
  await expectStatus(upload(ticket, bytes), 204);
  return staffRequest(app, '/api/settings/logo', cookie, { method: 'POST', body: { uploadId: ticket.uploadId, contentType: 'image/jpeg' } });
}

async function saveLogo(companyLogo: string) {
  const current = await json<SettingsAnswer>(staffRequest(app, '/api/settings', admin));
  const { smtpPasswordSet: _set, ...email } = current.email;
  return staffRequest(app, '/api/settings', admin, { method: 'PUT', body: { ...current, email, company: { ...current.company, companyLogo } } });
}

const fileOf = (url: string) => join(root, url.replace(/^\//, ''));

describe('the company logo', () => {
  it('is uploaded, checked and published, saved with the settings, shown on /api/site, and its file stays when replaced (quotes issued with it print it)', async () => {
    const { companyLogo: first } = await json<{ companyLogo: string }>(expectStatus(uploadLogo(), 201));
    expect(first).toMatch(/^\/uploads\/company\/logo-[0-9a-f-]{36}\.jpg$/);
    expect(existsSync(fileOf(first))).toBe(true);
    // Published, not yet the logo: the settings say so only once saved.
    expect((await json<SiteInfo>(app.request('/api/site'))).companyLogo).toBe('/images/logo.svg');

    await expectStatus(saveLogo(first), 200);
    expect((await json<SiteInfo>(app.request('/api/site'))).companyLogo).toBe(first);

    const { companyLogo: second } = await json<{ companyLogo: string }>(expectStatus(uploadLogo(), 201));
    await expectStatus(saveLogo(second), 200);
    expect((await json<SiteInfo>(app.request('/api/site'))).companyLogo).toBe(second);
    expect(existsSync(fileOf(first))).toBe(true);
    expect(existsSync(fileOf(second))).toBe(true);

    // Removed: the name shows instead; the file stays for the quotes issued with it (quote-logo.test.ts).
    await expectStatus(saveLogo(''), 200);
    expect((await json<SiteInfo>(app.request('/api/site'))).companyLogo).toBe('');
    expect(existsSync(fileOf(second))).toBe(true);
  });

  it('is saved with the version like every setting: a stale save is refused and keeps the logo', async () => {
    const { companyLogo } = await json<{ companyLogo: string }>(expectStatus(uploadLogo(), 201));
    const current = await json<SettingsAnswer>(staffRequest(app, '/api/settings', admin));
    await expectStatus(saveLogo(''), 200);
    const { smtpPasswordSet: _set, ...email } = current.email;
    await expectStatus(staffRequest(app, '/api/settings', admin, { method: 'PUT', body: { ...current, email, company: { ...current.company, companyLogo } } }), 409);
    expect((await json<SiteInfo>(app.request('/api/site'))).companyLogo).toBe('');
  });

  it('refuses a file that is not an image (by its bytes), and anyone but admins', async () => {
    const refused = await expectStatus(uploadLogo(HTML), 415);
    expect(await refused.json()).toMatchObject({ fields: { logo: expect.any(String) } });
    await expectStatus(staffRequest(app, '/api/settings/logo-uploads', employee, { method: 'POST', body: { contentType: 'image/jpeg', size: 10 } }), 403);
    await expectStatus(staffRequest(app, '/api/settings/logo', employee, { method: 'POST', body: { uploadId: crypto.randomUUID(), contentType: 'image/jpeg' } }), 403);
    await expectStatus(staffRequest(app, '/api/settings/logo', admin, { method: 'POST', body: { uploadId: crypto.randomUUID(), contentType: 'image/jpeg' } }), 400);
  });
});
