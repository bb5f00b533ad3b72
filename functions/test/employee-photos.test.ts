import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@app/shared-types/api';
import type { AuditEntry } from '@app/shared-types/audit';
import type { ProfilePhotoUploadTicket } from '@app/shared-types/employee-photos';
import type { DirectoryEntry, EmployeeRecord } from '@app/shared-types/employees';
import { MAX_PHOTO_BYTES } from '@app/shared-types/photos';
import { localPhotoStorage } from '../src/photos/local-photo-storage';
import type { PhotoStorage } from '../src/photos/photo-storage';
import { createTestApp, json, signedInStaff, staffRequest, TEST_ORIGIN, type TestApp } from './helpers';

type Role = 'employee' | 'manager' | 'admin' | 'superadmin';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
const HTML = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');

let app: TestApp;
/** The app plus the local photo storage's upload and file routes, as the local host mounts them. */
let host: Hono;
let root: string;
let cookies: Record<Role, string>;
let ids: Record<Role, string>;
/** When set, the next inspect of a staged file is followed by this file landing at the same key (a racing upload). */
let swapAfterInspect: Uint8Array | undefined;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'employee-photos-'));
  const local = localPhotoStorage(root);
  const photos: PhotoStorage = {
    ...local.storage,
    async inspect(key) {
      const stored = await local.storage.inspect(key);
      const swap = swapAfterInspect;
      swapAfterInspect = undefined;
      if (swap && stored) await writeFile(join(root, key), swap);
      return stored;
    },
  };
  const created = await createTestApp({ photos });
  app = created.app;
  host = new Hono().route('/', app).route('/', local.routes);
  const roles: Role[] = ['employee', 'manager', 'admin', 'superadmin'];
  const accounts = await Promise.all(roles.map((role) => signedInStaff(app, created.db, role)));
  cookies = Object.fromEntries(roles.map((role, i) => [role, accounts[i]!.cookie])) as Record<Role, string>;
  ids = Object.fromEntries(roles.map((role, i) => [role, accounts[i]!.employee.id])) as Record<Role, string>;
});

async function expectStatus(response: Response | Promise<Response>, status: number) {
  const resolved = await response;
  expect(resolved.status, await resolved.clone().text()).toBe(status);
  return resolved;
}

async function newEmployee(role: Role = 'employee') {
  const body = { name: 'Sneha Rao', email: `photo-${randomUUID()}@kaveri-studio.in`, password: 'Welcome-2026', role };
  return json<EmployeeRecord>(expectStatus(staffRequest(app, '/api/users', cookies.superadmin, { method: 'POST', body }), 201));
}

const ticket = (id: string, body: unknown, cookie = cookies.admin) => staffRequest(app, `/api/users/${id}/photo-uploads`, cookie, { method: 'POST', body });
const setPhoto = (id: string, body: unknown, cookie = cookies.admin) => staffRequest(app, `/api/users/${id}/photo`, cookie, { method: 'PUT', body });
const removePhoto = (id: string, cookie = cookies.admin) => staffRequest(app, `/api/users/${id}/photo`, cookie, { method: 'DELETE' });

/** Sends one file with its signed form, as the browser does. */
async function upload(target: ProfilePhotoUploadTicket, bytes: Uint8Array, type = 'image/jpeg') {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new File([bytes], 'photo', { type }));
  return host.request(target.url, { method: 'POST', body: form, headers: { origin: TEST_ORIGIN } });
}

/** Asks for a form, uploads `bytes` with it and saves it as the photo; returns the answer of the save. */
async function uploadAndSet(id: string, bytes: Uint8Array = JPEG, cookie = cookies.admin) {
  const issued = await json<ProfilePhotoUploadTicket>(expectStatus(ticket(id, { contentType: 'image/jpeg', size: bytes.length }, cookie), 201));
  await expectStatus(upload(issued, bytes), 204);
  return { issued, saved: await setPhoto(id, { uploadId: issued.uploadId, contentType: 'image/jpeg' }, cookie) };
}

const served = async (url: string) => new Uint8Array(await (await expectStatus(host.request(url), 200)).arrayBuffer());

describe('employee profile photos', () => {
  it('uploads, checks and publishes the photo, shows it on the record and in the directory, audited', async () => {
    const employee = await newEmployee();
    const { issued, saved } = await uploadAndSet(employee.id);
    expect(issued.fields.key).toBe(`staging/employees/${employee.id}/${issued.uploadId}.jpg`);
    const record = await json<EmployeeRecord>(expectStatus(saved, 200));
    const url = `/uploads/employees/${employee.id}/${issued.uploadId}.jpg`;
    expect(record.profilePicture).toBe(url);
    expect(await served(url)).toEqual(JPEG);

    const read = await json<EmployeeRecord>(staffRequest(app, `/api/users/${employee.id}`, cookies.admin));
    expect(read.profilePicture).toBe(url);
    // Everyone signed in sees it in the directory.
    const directory = await json<Page<DirectoryEntry>>(staffRequest(app, '/api/users/directory?limit=100', cookies.employee));
    expect(directory.items.find((entry) => entry.id === employee.id)?.profilePicture).toBe(url);
    const asEmployee = await json<DirectoryEntry>(staffRequest(app, `/api/users/${employee.id}`, cookies.employee));
    expect(asEmployee.profilePicture).toBe(url);

    const audit = (await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?entityId=${employee.id}&limit=100`, cookies.admin))).items;
    const entry = audit.find((item) => item.action === 'update' && item.changes.profilePicture);
    expect(entry?.changes.profilePicture).toEqual({ before: '', after: url });
    expect(entry?.actor.id).toBe(ids.admin);
  });

  it('replaces the photo: the new one is served, the previous file removed, and an open edit is told it is stale', async () => {
    const employee = await newEmployee();
    const first = await json<EmployeeRecord>(expectStatus((await uploadAndSet(employee.id)).saved, 200));
    const png = new Uint8Array(64);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const issued = await json<ProfilePhotoUploadTicket>(ticket(employee.id, { contentType: 'image/png', size: png.length }));
    await expectStatus(upload(issued, png, 'image/png'), 204);
    const second = await json<EmployeeRecord>(expectStatus(setPhoto(employee.id, { uploadId: issued.uploadId, contentType: 'image/png' }), 200));
    expect(second.profilePicture).toBe(`/uploads/employees/${employee.id}/${issued.uploadId}.png`);
    expect(await served(second.profilePicture)).toEqual(png);
    await expectStatus(host.request(first.profilePicture), 404);
    // Saving the same upload again changes nothing.
    expect((await json<EmployeeRecord>(expectStatus(setPhoto(employee.id, { uploadId: issued.uploadId, contentType: 'image/png' }), 200))).version).toBe(second.version);
    // The edit dialog opened before the photo changed holds an older version.
    await expectStatus(staffRequest(app, `/api/users/${employee.id}`, cookies.admin, { method: 'PUT', body: { ...first, password: '' } }), 409);
  });

  it('is the photo routes\' alone: an edit that leaves the photo out, or sends another, keeps it; a new record starts without one', async () => {
    const employee = await newEmployee();
    const withPhoto = await json<EmployeeRecord>(expectStatus((await uploadAndSet(employee.id)).saved, 200));
    const { profilePicture: _kept, ...withoutPhoto } = withPhoto;
    const edited = await json<EmployeeRecord>(
      expectStatus(staffRequest(app, `/api/users/${employee.id}`, cookies.admin, { method: 'PUT', body: { ...withoutPhoto, password: '', position: 'Senior Designer' } }), 200),
    );
    expect([edited.position, edited.profilePicture]).toEqual(['Senior Designer', withPhoto.profilePicture]);
    const other = await json<EmployeeRecord>(
      expectStatus(staffRequest(app, `/api/users/${employee.id}`, cookies.admin, { method: 'PUT', body: { ...edited, password: '', profilePicture: 'https://example.com/me.jpg' } }), 200),
    );
    expect(other.profilePicture).toBe(withPhoto.profilePicture);
    expect(await served(withPhoto.profilePicture)).toEqual(JPEG);
  });

  it('refuses a reused form (409, the served file unchanged) and a file swapped in between the check and the publish (409)', async () => {
    const employee = await newEmployee();
    const { issued, saved } = await uploadAndSet(employee.id);
    const { profilePicture } = await json<EmployeeRecord>(expectStatus(saved, 200));
    const reused = await expectStatus(upload(issued, HTML), 409);
    expect((await json<{ error: string }>(reused)).error).toBe('This upload form has been used already');
    expect(await served(profilePicture)).toEqual(JPEG);

    // The staged file replaced right after it was checked: nothing is published, the photo stays.
    const next = await json<ProfilePhotoUploadTicket>(ticket(employee.id, { contentType: 'image/jpeg', size: JPEG.length }));
    await expectStatus(upload(next, JPEG), 204);
    swapAfterInspect = HTML;
    const changed = await expectStatus(setPhoto(employee.id, { uploadId: next.uploadId, contentType: 'image/jpeg' }), 409);
    expect((await json<{ error: string }>(changed)).error).toBe('The upload changed while the photo was being saved. Upload the photo again.');
    await expectStatus(host.request(`/uploads/employees/${employee.id}/${next.uploadId}.jpg`), 404);
    expect((await json<EmployeeRecord>(staffRequest(app, `/api/users/${employee.id}`, cookies.admin))).profilePicture).toBe(profilePicture);
    expect(await served(profilePicture)).toEqual(JPEG);
  });

  it('refuses HTML disguised as a JPEG (415) and removes it; a photo not uploaded yet is 400', async () => {
    const employee = await newEmployee();
    const issued = await json<ProfilePhotoUploadTicket>(ticket(employee.id, { contentType: 'image/jpeg', size: HTML.length }));
    await expectStatus(setPhoto(employee.id, { uploadId: issued.uploadId, contentType: 'image/jpeg' }), 400);
    await expectStatus(upload(issued, HTML), 204);
    const refused = await expectStatus(setPhoto(employee.id, { uploadId: issued.uploadId, contentType: 'image/jpeg' }), 415);
    expect((await json<{ error: string }>(refused)).error).toBe('Only JPEG, PNG or WebP photos can be uploaded');
    // Removed: saving it again finds nothing.
    await expectStatus(setPhoto(employee.id, { uploadId: issued.uploadId, contentType: 'image/jpeg' }), 400);
    expect((await json<EmployeeRecord>(staffRequest(app, `/api/users/${employee.id}`, cookies.admin))).profilePicture).toBe('');
    // Types outside the list never get a form.
    const gif = await expectStatus(ticket(employee.id, { contentType: 'image/gif', size: 10 }), 400);
    expect((await json<{ fields: Record<string, string> }>(gif)).fields.contentType).toBe('Only JPEG, PNG or WebP photos can be uploaded');
  });

  it('limits the size: no form above 5 MB, the storage refuses a bigger file than signed, and a too big staged file is 413', async () => {
    const employee = await newEmployee();
    const tooBig = await expectStatus(ticket(employee.id, { contentType: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 }), 400);
    expect((await json<{ fields: Record<string, string> }>(tooBig)).fields.size).toBe('A photo copy may be at most 5 MB');
    const issued = await json<ProfilePhotoUploadTicket>(ticket(employee.id, { contentType: 'image/jpeg', size: 1000 }));
    const oversize = new Uint8Array(MAX_PHOTO_BYTES + 10);
    oversize.set(JPEG);
    await expectStatus(upload(issued, oversize), 413);
    // A file larger than the limit in staging anyway (put there behind the form's back) is checked by its size.
    await mkdir(dirname(join(root, issued.fields.key!)), { recursive: true });
    await writeFile(join(root, issued.fields.key!), oversize);
    const refused = await expectStatus(setPhoto(employee.id, { uploadId: issued.uploadId, contentType: 'image/jpeg' }), 413);
    expect((await json<{ error: string }>(refused)).error).toBe('A photo copy may be at most 5 MB');
  });

  it('follows the rule of editing the employee: admins, and only a superadmin for admins and superadmins', async () => {
    const employee = await newEmployee();
    const admin = await newEmployee('admin');
    for (const role of ['employee', 'manager'] as const) {
      await expectStatus(ticket(employee.id, { contentType: 'image/jpeg', size: 10 }, cookies[role]), 403);
      await expectStatus(setPhoto(employee.id, { uploadId: randomUUID(), contentType: 'image/jpeg' }, cookies[role]), 403);
      await expectStatus(removePhoto(employee.id, cookies[role]), 403);
    }
    // Not even their own photo: an employee's record is edited by an admin.
    await expectStatus(ticket(ids.employee, { contentType: 'image/jpeg', size: 10 }, cookies.employee), 403);
    await expectStatus(ticket(admin.id, { contentType: 'image/jpeg', size: 10 }, cookies.admin), 403);
    await expectStatus(ticket(ids.admin, { contentType: 'image/jpeg', size: 10 }, cookies.admin), 403);
    await expectStatus(removePhoto(admin.id, cookies.admin), 403);
    expect((await json<EmployeeRecord>(expectStatus((await uploadAndSet(admin.id, JPEG, cookies.superadmin)).saved, 200))).profilePicture).toMatch(
      /^\/uploads\/employees\//,
    );
    await expectStatus(ticket(randomUUID(), { contentType: 'image/jpeg', size: 10 }), 404);
    await expectStatus(setPhoto(randomUUID(), { uploadId: randomUUID(), contentType: 'image/jpeg' }), 404);
    await expectStatus(removePhoto(randomUUID()), 404);
    await expectStatus(ticket(employee.id, { contentType: 'image/jpeg', size: 10 }, ''), 401);
  });

  it('deletes the photo: the record is cleared and the file removed, audited; a picture not uploaded for them is not deleted', async () => {
    const employee = await newEmployee();
    const { profilePicture } = await json<EmployeeRecord>(expectStatus((await uploadAndSet(employee.id)).saved, 200));
    const cleared = await json<EmployeeRecord>(expectStatus(removePhoto(employee.id), 200));
    expect(cleared.profilePicture).toBe('');
    await expectStatus(host.request(profilePicture), 404);
    const audit = (await json<Page<AuditEntry>>(staffRequest(app, `/api/audit-log?entityId=${employee.id}&limit=100`, cookies.admin))).items;
    expect(audit.some((item) => item.changes.profilePicture?.before === profilePicture && item.changes.profilePicture.after === '')).toBe(true);

    // Another employee's photo set as this one's address by an edit stays where it is when this one's is removed.
    const other = await newEmployee();
    const { profilePicture: othersPhoto } = await json<EmployeeRecord>(expectStatus((await uploadAndSet(other.id)).saved, 200));
    const current = await json<EmployeeRecord>(staffRequest(app, `/api/users/${employee.id}`, cookies.admin));
    await expectStatus(staffRequest(app, `/api/users/${employee.id}`, cookies.admin, { method: 'PUT', body: { ...current, password: '', profilePicture: othersPhoto } }), 200);
    await expectStatus(removePhoto(employee.id), 200);
    expect(await served(othersPhoto)).toEqual(JPEG);
  });

  it('answers 503 when the host has no photo storage', async () => {
    const bare = await createTestApp({ photos: undefined });
    const { cookie } = await signedInStaff(bare.app, bare.db, 'superadmin');
    const employee = await signedInStaff(bare.app, bare.db, 'employee');
    await expectStatus(staffRequest(bare.app, `/api/users/${employee.employee.id}/photo-uploads`, cookie, { method: 'POST', body: { contentType: 'image/jpeg', size: 10 } }), 503);
    await expectStatus(staffRequest(bare.app, `/api/users/${employee.employee.id}/photo`, cookie, { method: 'PUT', body: { uploadId: randomUUID(), contentType: 'image/jpeg' } }), 503);
  });
});
