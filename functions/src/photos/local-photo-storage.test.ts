import { mkdtempSync } from 'node:fs';
import { rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localPhotoStorage } from './local-photo-storage';
import { photoKey, stagingKey } from './photo-storage';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
const PHOTO_ID = '11111111-2222-4333-8444-555555555555';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A storage in a fresh folder, its clock, and one photo's staging and served keys. */
function setUp() {
  const root = mkdtempSync(join(tmpdir(), 'photo-storage-'));
  let nowMs = Date.now();
  const local = localPhotoStorage(root, () => nowMs);
  return {
    root,
    local,
    advance: (ms: number) => (nowMs += ms),
    staged: stagingKey('project-1', PHOTO_ID, 480, 'image/jpeg'),
    served: photoKey('project-1', PHOTO_ID, 480, 'image/jpeg'),
  };
}

/** Sends `bytes` with the signed form for `key`, as a browser does. */
async function upload(local: ReturnType<typeof localPhotoStorage>, key: string, bytes: Uint8Array) {
  const { url, fields } = await local.storage.createUpload(key, 'image/jpeg', 1000);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new File([bytes], 'photo', { type: 'image/jpeg' }));
  return local.routes.request(url, { method: 'POST', body: form });
}

describe('local photo storage', () => {
  it('signs forms for staging keys only', async () => {
    const { local, served } = setUp();
    expect((await upload(local, served, JPEG)).status).toBe(403);
  });

  it('publishes the checked file once; a replaced staged file is "changed", a second publish "exists"', async () => {
    const { root, local, staged, served } = setUp();
    expect((await upload(local, staged, JPEG)).status).toBe(204);
    const checked = (await local.storage.inspect(staged))!;
    expect(checked.size).toBe(JPEG.length);

    // Replaced behind the app's back (deleted, then written anew): not the file that was checked.
    await rm(join(root, staged));
    await writeFile(join(root, staged), new TextEncoder().encode('<html></html>'));
    expect(await local.storage.publish(staged, served, checked.version, 'image/jpeg')).toBe('changed');
    expect(await local.storage.inspect(served)).toBeNull();

    await rm(join(root, staged));
    expect((await upload(local, staged, JPEG)).status).toBe(204);
    const again = (await local.storage.inspect(staged))!;
    expect(await local.storage.publish(staged, served, again.version, 'image/jpeg')).toBe('published');
    expect(await local.storage.publish(staged, served, again.version, 'image/jpeg')).toBe('exists');
    expect((await local.routes.request(`/${served}`)).status).toBe(200);
    // Staging is never served.
    expect((await local.routes.request(`/${staged}`)).status).toBe(404);
  });

  it('sweeps staged uploads older than a day, and nothing published', async () => {
    const { root, local, advance, staged, served } = setUp();
    const fresh = stagingKey('project-1', '22222222-2222-4333-8444-555555555555', 480, 'image/jpeg');
    expect((await upload(local, staged, JPEG)).status).toBe(204);
    await local.storage.publish(staged, served, (await local.storage.inspect(staged))!.version, 'image/jpeg');
    // The first upload is a day and a minute old by the storage's clock; the second is new.
    const old = new Date(Date.now() - DAY_MS - 60_000);
    await utimes(join(root, staged), old, old);
    expect((await upload(local, fresh, JPEG)).status).toBe(204);
    expect(await local.sweepStaging()).toBe(1);
    expect(await local.storage.inspect(staged)).toBeNull();
    expect(await local.storage.inspect(fresh)).not.toBeNull();
    expect(await local.storage.inspect(served)).not.toBeNull();
    advance(DAY_MS + 60_000);
    expect(await local.sweepStaging()).toBe(1);
    expect(await local.storage.inspect(fresh)).toBeNull();
  });
});
