import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost } from '@app/shared-types/blog';
import type { ProfilePhotoUploadTicket } from '@app/shared-types/employee-photos';
import { localPhotoStorage } from '../src/photos/local-photo-storage';
import { createTestApp, json, signedInStaff, staffRequest, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * A post's featured image through the photo pipeline: a signed form to a
 * staging key, checked by its bytes, published once under uploads/blog/, and
 * its URL saved as the post's featuredImage.
 */

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
const HTML = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');

let app: TestApp;
let host: Hono;
let root: string;
let manager: string;
let employee: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'blog-image-'));
  const local = localPhotoStorage(root);
  const created = await createTestApp({ photos: local.storage });
  app = created.app;
  host = new Hono().route('/', app).route('/', local.routes);
  manager = (await signedInStaff(app, created.db, 'manager')).cookie;
  employee = (await signedInStaff(app, created.db, 'employee')).cookie;
});

async function upload(target: ProfilePhotoUploadTicket, bytes: Uint8Array) {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new File([bytes], 'cover', { type: 'image/jpeg' }));
  return host.request(target.url, { method: 'POST', body: form, headers: { origin: TEST_ORIGIN } });
}

async function uploadImage(bytes: Uint8Array = JPEG, cookie = manager) {
  const ticket = staffRequest(app, '/api/blog-posts/image-uploads', cookie, { method: 'POST', body: { contentType: 'image/jpeg', size: bytes.length } });
  const answer = await ticket;
  if (answer.status !== 201) return answer;
  const { uploadId, ...form } = await json<ProfilePhotoUploadTicket>(answer);
  expect((await upload({ uploadId, ...form }, bytes)).status).toBe(204);
  return staffRequest(app, '/api/blog-posts/image', cookie, { method: 'POST', body: { uploadId, contentType: 'image/jpeg' } });
}

describe('a featured image', () => {
  it('is uploaded, checked by its bytes, published under uploads/blog/ and saved as the post cover', async () => {
    const answer = await uploadImage();
    expect(answer.status).toBe(201);
    const { featuredImage } = await json<{ featuredImage: string }>(answer);
    expect(featuredImage).toMatch(/^\/uploads\/blog\/[0-9a-f-]{36}\.jpg$/);
    expect(existsSync(join(root, featuredImage.slice(1)))).toBe(true);
    const created = await staffRequest(app, '/api/blog-posts', manager, { method: 'POST', body: { title: 'With a cover', content: 'Body', featuredImage } });
    expect(created.status).toBe(201);
    expect((await json<BlogPost>(created)).featuredImage).toBe(featuredImage);
  });

  it('refuses a file that is not the image it claims (415) and removes it', async () => {
    const answer = await uploadImage(HTML);
    expect(answer.status).toBe(415);
    expect((await json<{ fields: Record<string, string> }>(answer)).fields).toHaveProperty('featuredImage');
  });

  it('is for the roles that write posts', async () => {
    expect((await uploadImage(JPEG, employee)).status).toBe(403);
  });
});
