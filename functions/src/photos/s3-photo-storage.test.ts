import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '@app/shared-types/photos';
import { attachmentDisposition, attachmentKey, photoKey, stagingKey } from './photo-storage';
import { s3PhotoStorage } from './s3-photo-storage';

// Signing happens on this machine; no request goes to AWS.
const client = new S3Client({ region: 'ap-south-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-real-secret' } });

describe('S3 photo uploads', () => {
  it('sign a POST form whose policy pins the key, the declared type and the size range, and expires', async () => {
    const key = stagingKey('project-1', '11111111-2222-4333-8444-555555555555', 960, 'image/jpeg');
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

describe('S3 photo publishing', () => {
  const staged = stagingKey('project-1', '11111111-2222-4333-8444-555555555555', 960, 'image/jpeg');
  const served = photoKey('project-1', '11111111-2222-4333-8444-555555555555', 960, 'image/jpeg');

  it('copies only the checked version of the staged file, to a served key nothing is at yet', async () => {
    const sent: { method: string; path: string; headers: Record<string, string> }[] = [];
    const client = new S3Client({
      region: 'ap-south-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-real-secret' },
      requestHandler: {
        handle: async (request: { method: string; path: string; headers: Record<string, string> }) => {
          sent.push({ method: request.method, path: request.path, headers: request.headers });
          const body = '<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><ETag>"abc"</ETag></CopyObjectResult>';
          return { response: { statusCode: 200, headers: { 'content-type': 'application/xml' }, body: Readable.from([Buffer.from(body)]) } };
        },
      },
    });
    await expect(s3PhotoStorage('photos-bucket', client).publish(staged, served, '"etag-checked"', 'image/jpeg')).resolves.toBe('published');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PUT', path: `/${served}` });
    expect(sent[0]!.headers).toMatchObject({
      'x-amz-copy-source': `photos-bucket/${staged}`,
      'x-amz-copy-source-if-match': '"etag-checked"',
      'if-none-match': '*',
      'x-amz-metadata-directive': 'REPLACE',
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  it('tells "exists" (published by a racing add) from "changed" (the staged file was replaced) when a condition fails', async () => {
    // 412 for the copy; the follow-up read of the served key finds it, or not.
    const conditionFailed = (servedExists: boolean) =>
      new S3Client({
        region: 'ap-south-1',
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-real-secret' },
        requestHandler: {
          handle: async (request: { method: string }) => {
            const [status, xml] =
              request.method === 'PUT'
                ? [412, '<Error><Code>PreconditionFailed</Code><Message>stub</Message></Error>']
                : servedExists
                  ? [206, '']
                  : [404, '<Error><Code>NoSuchKey</Code><Message>stub</Message></Error>'];
            const headers: Record<string, string> = { 'content-type': 'application/xml' };
            if (status === 206) Object.assign(headers, { 'content-range': 'bytes 0-15/2000', etag: '"served"' });
            return { response: { statusCode: status, headers, body: Readable.from([Buffer.from(xml)]) } };
          },
        },
      });
    await expect(s3PhotoStorage('photos-bucket', conditionFailed(true)).publish(staged, served, '"v1"', 'image/jpeg')).resolves.toBe('exists');
    await expect(s3PhotoStorage('photos-bucket', conditionFailed(false)).publish(staged, served, '"v1"', 'image/jpeg')).resolves.toBe('changed');
    await expect(s3PhotoStorage('photos-bucket', answering(404, 'NoSuchKey')).publish(staged, served, '"v1"', 'image/jpeg')).resolves.toBe('changed');
    await expect(s3PhotoStorage('photos-bucket', answering(500, 'InternalError')).publish(staged, served, '"v1"', 'image/jpeg')).rejects.toMatchObject({
      name: 'InternalError',
    });
  });
});

describe('S3 private downloads', () => {
  it('sign a GET of the private key for 5 minutes that downloads under the attachment name and type', async () => {
    const key = attachmentKey('tx-1', '11111111-2222-4333-8444-555555555555', 'application/pdf');
    const link = new URL(await s3PhotoStorage('photos-bucket', client).downloadUrl(key, 'Bill #7 – “tiles”.pdf', 'application/pdf'));
    expect(`${link.origin}${link.pathname}`).toBe(`https://photos-bucket.s3.ap-south-1.amazonaws.com/${key}`);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(link.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(link.searchParams.get('response-content-disposition')).toBe(attachmentDisposition('Bill #7 – “tiles”.pdf'));
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
