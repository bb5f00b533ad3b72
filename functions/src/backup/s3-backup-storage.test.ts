import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { MAX_BACKUP_UPLOAD_BYTES } from '@app/shared-types/backup';
import { backupFileKey, uploadFileKey } from './backup-storage';
import { s3BackupStorage } from './s3-backup-storage';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-real-secret' };
// Signing happens on this machine; no request goes to AWS.
const signer = new S3Client({ region: 'ap-south-1', credentials });

type Sent = { method: string; path: string; headers: Record<string, string>; body: string };

/** A client that records every request and answers each with `answer` (S3 itself is never reached). */
function recording(answer: (request: Sent) => { status: number; headers?: Record<string, string>; body?: string }) {
  const sent: Sent[] = [];
  const client = new S3Client({
    region: 'ap-south-1',
    credentials,
    requestHandler: {
      handle: async (request: { method: string; path: string; headers: Record<string, string>; body?: unknown }) => {
        let body = '';
        if (request.body instanceof Readable) for await (const chunk of request.body) body += String(chunk);
        else if (typeof request.body === 'string') body = request.body;
        const entry = { method: request.method, path: request.path, headers: request.headers, body };
        sent.push(entry);
        const reply = answer(entry);
        return { response: { statusCode: reply.status, headers: reply.headers ?? {}, body: Readable.from([Buffer.from(reply.body ?? '')]) } };
      },
    },
  });
  return { client, sent };
}

const notFound = { status: 404, headers: { 'content-type': 'application/xml' }, body: '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>stub</Message></Error>' };
const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('S3 backup storage', () => {
  it('stores a finished file with its length, as gzip, never over an existing backup', async () => {
    const { client, sent } = recording(() => ({ status: 200, headers: { etag: '"x"' } }));
    const path = join(mkdtempSync(join(tmpdir(), 's3-backup-')), 'file.gz');
    writeFileSync(path, 'gzipped bytes');
    await expect(s3BackupStorage('backup-bucket', client).save(backupFileKey(id), path)).resolves.toEqual({ size: 13 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PUT', path: `/backups/${id}.jsonl.gz` });
    // The SDK streams the file (aws-chunked, with a checksum trailer): the bytes are there, and the decoded length is the file's.
    expect(sent[0]!.body).toContain('gzipped bytes');
    const headers = sent[0]!.headers;
    expect(headers['x-amz-decoded-content-length'] ?? headers['content-length']).toBe('13');
    expect(headers).toMatchObject({ 'content-type': 'application/gzip', 'if-none-match': '*' });
  });

  it('reads a missing file as none (open and size), and refuses names it does not make', async () => {
    const { client } = recording(() => notFound);
    const storage = s3BackupStorage('backup-bucket', client);
    await expect(storage.open(backupFileKey(id))).resolves.toBeNull();
    const head = recording(() => ({ status: 404 }));
    await expect(s3BackupStorage('backup-bucket', head.client).size(backupFileKey(id))).resolves.toBeNull();
    await expect(storage.open('../secrets')).rejects.toThrow(/Not a backup file name/);
  });

  it('opens a stored file as a stream', async () => {
    const { client, sent } = recording(() => ({ status: 200, headers: { 'content-length': '5' }, body: 'bytes' }));
    const stream = await s3BackupStorage('backup-bucket', client).open(uploadFileKey(id));
    let text = '';
    for await (const chunk of stream!) text += String(chunk);
    expect(text).toBe('bytes');
    expect(sent[0]).toMatchObject({ method: 'GET', path: `/uploads/${id}.jsonl.gz` });
  });

  it('signs a download link that expires in minutes and downloads as the backup file name', async () => {
    const url = new URL(await s3BackupStorage('backup-bucket', signer).downloadUrl(backupFileKey(id), 'backup-2026-01-01.jsonl.gz'));
    expect(url.hostname).toBe('backup-bucket.s3.ap-south-1.amazonaws.com');
    expect(url.pathname).toBe(`/backups/${id}.jsonl.gz`);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(url.searchParams.get('response-content-disposition')).toContain('backup-2026-01-01.jsonl.gz');
  });

  it('signs an upload form pinned to the upload key and a size range', async () => {
    const { url, fields } = await s3BackupStorage('backup-bucket', signer).createUpload(uploadFileKey(id), MAX_BACKUP_UPLOAD_BYTES);
    expect(url).toBe('https://backup-bucket.s3.ap-south-1.amazonaws.com/');
    expect(fields.key).toBe(`uploads/${id}.jsonl.gz`);
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(expect.arrayContaining([{ key: `uploads/${id}.jsonl.gz` }, ['content-length-range', 1, MAX_BACKUP_UPLOAD_BYTES]]));
    expect(new Date(policy.expiration).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
  });
});
