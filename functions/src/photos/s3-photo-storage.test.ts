import { Readable } from 'node:stream';
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

/**
 * A client whose every request gets `status` and S3's XML error `code`, parsed by the SDK
 * itself (so the error names below are the ones it really throws), never sent anywhere.
 */
function answering(status: number, code: string): S3Client {
  return new S3Client({
    region: 'ap-south-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-real-secret' },
    requestHandler: {
      handle: async () => ({
        response: {
          statusCode: status,
          headers: { 'content-type': 'application/xml' },
          body: Readable.from([
            Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>stub</Message></Error>`),
          ]),
        },
      }),
    },
  });
}

describe('S3 photo inspection', () => {
  const key = photoKey('project-1', '11111111-2222-4333-8444-555555555555', 960, 'image/jpeg');

  it('reads a missing copy as not uploaded: NoSuchKey', async () => {
    await expect(s3PhotoStorage('photos-bucket', answering(404, 'NoSuchKey')).inspect(key)).resolves.toBeNull();
  });

  it('reads AccessDenied as not uploaded too: S3 says that for a missing key to a role without s3:ListBucket', async () => {
    await expect(s3PhotoStorage('photos-bucket', answering(403, 'AccessDenied')).inspect(key)).resolves.toBeNull();
  });

  it('still fails on any other error, so the route answers 500 rather than blaming the upload', async () => {
    await expect(s3PhotoStorage('photos-bucket', answering(500, 'InternalError')).inspect(key)).rejects.toMatchObject({
      name: 'InternalError',
    });
  });
});
