import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_BACKUP_UPLOAD_BYTES } from '@app/shared-types/backup';
import { errorBody } from '../lib/http';
import { errorCode, writeOnce } from '../lib/local-files';
import { attachmentDisposition } from '../photos';

/**
 * Where backup files live: a private, encrypted S3 bucket when deployed
 * (s3-backup-storage.ts), `.data/backups/` on a laptop (localBackupStorage).
 * Names are the storage's keys: `backups/<jobId>.jsonl.gz` for backups,
 * `uploads/<uploadId>.jsonl.gz` for files uploaded to be restored.
 */
export interface BackupStorage {
  /** Stores the finished file at `localPath` (a file of this machine) under `name`; answers its size. */
  save(name: string, localPath: string): Promise<{ size: number }>;
  /** The stored file as a stream, or null when there is none. */
  open(name: string): Promise<Readable | null>;
  /**
   * A short-lived link that downloads `name` as `fileName`: S3 a presigned GET
   * (a Lambda answer is at most 6 MB), locally a signed link the host serves.
   */
  downloadUrl(name: string, fileName: string): Promise<string>;
  /**
   * A signed form POST for a file to restore at `name`, refused above
   * `maxBytes` by the storage itself: S3 a presigned POST, locally a signed
   * form the host receives (the photo uploads' pattern).
   */
  createUpload(name: string, maxBytes: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** Size of a stored file, or null when there is none. */
  size(name: string): Promise<number | null>;
  remove(name: string): Promise<void>;
}

/** The name of a backup's file. */
export const backupFileKey = (jobId: string) => `backups/${jobId}.jsonl.gz`;
/** The name of an uploaded file to restore. */
export const uploadFileKey = (uploadId: string) => `uploads/${uploadId}.jsonl.gz`;
/** Names the two builders above make, and nothing else. */
export const BACKUP_NAME_PATTERN = /^(backups|uploads)\/[0-9a-f-]{36}\.jsonl\.gz$/;

/** Days a backup file is kept (S3 lifecycle rule); uploads to restore are kept a day. */
export const BACKUP_RETENTION_DAYS = 90;
export const UPLOAD_RETENTION_DAYS = 1;

/** How long a download link or an upload form works. */
export const BACKUP_LINK_SECONDS = 300;


/** Room for the form's other fields and the multipart boundaries around the file. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

/**
 * Backup files in a folder of this machine (`DATA_DIR/backups`), for the
 * local host. It plays S3's part for the browser: a download is a link signed
 * with a key that lives only in this process (GET /backup-files/...), an
 * upload a signed form POST to /backup-uploads, checked for expiry, name and
 * size, written once under uploads/.
 */
export function localBackupStorage(root: string, now: () => number = Date.now) {
  const secret = randomBytes(32);
  const sign = (...parts: string[]) => createHmac('sha256', secret).update(parts.join('\n')).digest('base64url');
  const matches = (given: string, expected: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const expiry = () => String(Math.floor(now() / 1000) + BACKUP_LINK_SECONDS);
  const pathOf = (name: string) => {
    if (!BACKUP_NAME_PATTERN.test(name)) throw new Error(`Not a backup file name: ${name}`);
    return join(root, name);
  };
  const storage: BackupStorage = {
    async save(name, localPath) {
      const target = pathOf(name);
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(localPath, target);
      } catch (error) {
        // Another file system (a temporary folder elsewhere): copy, then remove.
        if (errorCode(error) !== 'EXDEV') throw error;
        await copyFile(localPath, target);
        await rm(localPath, { force: true });
      }
      return { size: (await stat(target)).size };
    },
    async open(name) {
      const size = await storage.size(name);
      return size === null ? null : createReadStream(pathOf(name));
    },
    async downloadUrl(name, fileName) {
      pathOf(name);
      const expires = expiry();
      const query = new URLSearchParams({ name: fileName, expires, signature: sign('download', name, fileName, expires) });
      return `/backup-files/${name}?${query}`;
    },
    async createUpload(name, maxBytes) {
      pathOf(name);
      const fields = { key: name, maxBytes: String(maxBytes), expires: expiry() };
      return { url: '/backup-uploads', fields: { ...fields, signature: sign('upload', fields.key, fields.maxBytes, fields.expires) } };
    },
    async size(name) {
      try {
        return (await stat(pathOf(name))).size;
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
  };

  /** The host's side: receives signed uploads and serves signed downloads. */
  const routes = new Hono()
    .post(
      '/backup-uploads',
      bodyLimit({ maxSize: MAX_BACKUP_UPLOAD_BYTES + FORM_OVERHEAD_BYTES, onError: (c) => c.json(errorBody('The file is too large'), 413) }),
      async (c) => {
        const form = await c.req.parseBody().catch(() => null);
        if (!form) return c.json(errorBody('Send the upload as multipart/form-data'), 400);
        const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
        const [key, maxBytes, expires] = [field('key'), field('maxBytes'), field('expires')];
        if (!matches(field('signature'), sign('upload', key, maxBytes, expires)) || !BACKUP_NAME_PATTERN.test(key) || !key.startsWith('uploads/')) {
          return c.json(errorBody('This upload form is not valid'), 403);
        }
        if (Number(expires) * 1000 < now()) return c.json(errorBody('This upload form has expired'), 403);
        const file = form.file;
        if (!(file instanceof File)) return c.json(errorBody('Send the backup as the form field "file"'), 400);
        if (file.size < 1 || file.size > Number(maxBytes)) return c.json(errorBody(`The file must be between 1 byte and ${maxBytes} bytes`), 413);
        const target = pathOf(key);
        if (!(await writeOnce(target, Readable.fromWeb(file.stream())))) return c.json(errorBody('This upload form has been used already'), 409);
        return c.body(null, 204);
      },
    )
    .get('/backup-files/*', async (c) => {
      const name = c.req.path.slice('/backup-files/'.length);
      const [fileName, expires] = [c.req.query('name') ?? '', c.req.query('expires') ?? ''];
      if (!matches(c.req.query('signature') ?? '', sign('download', name, fileName, expires)) || !BACKUP_NAME_PATTERN.test(name)) {
        return c.json(errorBody('This download link is not valid'), 403);
      }
      if (Number(expires) * 1000 < now()) return c.json(errorBody('This download link has expired'), 403);
      const size = await storage.size(name);
      if (size === null) return c.json(errorBody('File not found'), 404);
      const body = Readable.toWeb(createReadStream(pathOf(name)));
      return c.body(body, 200, {
        'Content-Type': 'application/gzip',
        'Content-Length': String(size),
        'Content-Disposition': attachmentDisposition(fileName),
        'Cache-Control': 'private, no-store',
      });
    });

  return { storage, routes };
}
