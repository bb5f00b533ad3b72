import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '@app/shared-types/photos';
import { photoKey } from './photo-storage';
import { s3PhotoStorage } from './s3-photo-storage';

// Signing happens on this machine; no request goes to AWS.
const client = new S3Client({ region: 'ap-south-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-real-secret' } });

describe('S3 photo uploads', () => {
  it('sign a POST form whose policy pins the key, the declared type and the size range, and expires', async () => {
    const key = photoKey('project-1', '11111111-2222-4333-8444-555555555555', 960, 'image/jpeg');
    const { url, fields } = await s3PhotoStorage('photos-bucket', client).createUpload(key, 'image/jpeg', MAX_PHOTO_BYTES);

    expect(url).toBe('https://photos-bucket.s3.ap-south-1.amazonaws.com/');
    expect(fields).toMatchObject({ key, 'Content-Type': 'image/jpeg', bucket: 'photos-bucket' });
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { key },
        { bucket: 'photos-bucket' },
        ['content-length-range', 1, MAX_PHOTO_BYTES],
        ['eq', '$Content-Type', 'image/jpeg'],
      ]),
    );
    const lifetime = new Date(policy.expiration).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(300_000);
  });
});
