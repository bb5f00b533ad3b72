import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_PHOTO_BYTES } from '@app/shared-types/photos';
import { errorBody } from '../lib/http';
import { errorCode, writeOnce } from '../lib/local-files';
import {
  ATTACHMENT_KEY_PATTERN,
  attachmentDisposition,
  DOWNLOAD_EXPIRY_SECONDS,
  HEAD_BYTES,
  PHOTO_KEY_PATTERN,
  PHOTOS_PREFIX,
  STAGING_EXPIRY_DAYS,
  STAGING_KEY_PATTERN,
  STAGING_PREFIX,
  UPLOAD_EXPIRY_SECONDS,
  type PhotoStorage,
} from './photo-storage';

/** Room for the form's other fields and the multipart boundaries around the file. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

const isKey = (key: string) => PHOTO_KEY_PATTERN.test(key) || STAGING_KEY_PATTERN.test(key) || ATTACHMENT_KEY_PATTERN.test(key);
/** Keys publish may write: a served photo or a private attachment. */
const isPublishedKey = (key: string) => PHOTO_KEY_PATTERN.test(key) || ATTACHMENT_KEY_PATTERN.test(key);

/**
 * Photos in a folder on this machine, for the local host. It plays S3's part:
 * uploads are form POSTs to /uploads signed with a key that lives only in this
 * process, checked for expiry, key, declared type and size before anything is
 * written, and land in `root`/staging/..., once: a key that holds a file
 * already is refused (409), so a form cannot be used twice. publish links the
 * checked file into `root`/uploads/... (photos) or `root`/private/...
 * (attachments), never over another; GET /uploads/* serves the photos, and a
 * private file only through a signed link (GET /files/...) that expires in
 * minutes. sweepStaging deletes what stayed in staging a day.
 */
/** A file's identity and content stamp: a new file at the same path (after a delete) has another. */
function versionOf(stats: { ino: number; mtimeMs: number; size: number }) {
  return `${stats.ino}-${stats.mtimeMs}-${stats.size}`;
}

export function localPhotoStorage(root: string, now: () => number = Date.now) {
  const secret = randomBytes(32);
  const sign = (fields: { key: string; contentType: string; maxBytes: string; expires: string }) =>
    createHmac('sha256', secret)
      .update([fields.key, fields.contentType, fields.maxBytes, fields.expires].join('\n'))
      .digest('base64url');
  const pathOf = (key: string) => join(root, key);
  const signDownload = (fields: { key: string; name: string; type: string; expires: string }) =>
    createHmac('sha256', secret).update(['download', fields.key, fields.name, fields.type, fields.expires].join('\n')).digest('base64url');

  const storage: PhotoStorage = {
    async createUpload(key, contentType, maxBytes) {
      const fields = {
        key,
        contentType,
        maxBytes: String(maxBytes),
        expires: String(Math.floor(now() / 1000) + UPLOAD_EXPIRY_SECONDS),
      };
      return { url: `/${PHOTOS_PREFIX.replace(/\/$/, '')}`, fields: { ...fields, signature: sign(fields) } };
    },

    async inspect(key) {
      if (!isKey(key)) return null;
      try {
        const file = await open(pathOf(key), 'r');
        try {
          const stats = await file.stat();
          const head = new Uint8Array(HEAD_BYTES);
          const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
          return { size: stats.size, head: head.subarray(0, bytesRead), version: versionOf(stats) };
        } finally {
          await file.close();
        }
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return null;
        throw error;
      }
    },

    async publish(from, to, version) {
      if (!STAGING_KEY_PATTERN.test(from) || !isPublishedKey(to)) return 'changed';
      const staged = await stat(pathOf(from)).catch(() => null);
      if (!staged || versionOf(staged) !== version) return 'changed';
      await mkdir(dirname(pathOf(to)), { recursive: true });
      try {
        // A hard link: the served file is the checked one, and link never replaces an existing file.
        await link(pathOf(from), pathOf(to));
        return 'published';
      } catch (error) {
        if (errorCode(error) === 'EEXIST') return 'exists';
        if (errorCode(error) === 'ENOENT') return 'changed';
        throw error;
      }
    },

    async downloadUrl(key, fileName, contentType) {
      const fields = { key, name: fileName, type: contentType, expires: String(Math.floor(now() / 1000) + DOWNLOAD_EXPIRY_SECONDS) };
      const query = new URLSearchParams({ name: fields.name, type: fields.type, expires: fields.expires, signature: signDownload(fields) });
      return `/files/${key}?${query}`;
    },

    async read(key) {
      if (!isKey(key)) return null;
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return null;
        throw error;
      }
    },

    async remove(keys) {
      await Promise.all(keys.filter(isKey).map((key) => rm(pathOf(key), { force: true })));
    },
  };

  /** Deletes staged uploads older than STAGING_EXPIRY_DAYS (S3's lifecycle rule, done by hand); answers how many. */
  async function sweepStaging(): Promise<number> {
    const cutoff = now() - STAGING_EXPIRY_DAYS * 24 * 60 * 60 * 1000;
    const entries = await readdir(join(root, STAGING_PREFIX), { recursive: true, withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      const stats = await stat(path).catch(() => null);
      if (stats && stats.mtimeMs < cutoff) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** The host's side of the storage: receives signed uploads and serves the files. */
  const routes = new Hono()
    .post(
      '/uploads',
      bodyLimit({
        maxSize: MAX_PHOTO_BYTES + FORM_OVERHEAD_BYTES,
        onError: (c) => c.json(errorBody('The file is too large'), 413),
      }),
      async (c) => {
        const form = await c.req.parseBody().catch(() => null);
        if (!form) return c.json(errorBody('Send the upload as multipart/form-data'), 400);
        const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
        const fields = { key: field('key'), contentType: field('contentType'), maxBytes: field('maxBytes'), expires: field('expires') };
        const expected = Buffer.from(sign(fields));
        const given = Buffer.from(field('signature'));
        if (given.length !== expected.length || !timingSafeEqual(given, expected) || !STAGING_KEY_PATTERN.test(fields.key)) {
          return c.json(errorBody('This upload form is not valid'), 403);
        }
        if (Number(fields.expires) * 1000 < now()) return c.json(errorBody('This upload form has expired'), 403);
        const file = form.file;
        if (!(file instanceof File)) return c.json(errorBody('Send the photo as the form field "file"'), 400);
        if (file.type !== fields.contentType) return c.json(errorBody('The file type does not match the upload form'), 400);
        if (file.size < 1 || file.size > Number(fields.maxBytes)) {
          return c.json(errorBody(`The file must be between 1 byte and ${fields.maxBytes} bytes`), 413);
        }
        const target = pathOf(fields.key);
        if (!(await writeOnce(target, new Uint8Array(await file.arrayBuffer())))) return c.json(errorBody('This upload form has been used already'), 409);
        return c.body(null, 204);
      },
    )
    .get('/files/*', async (c) => {
      const key = c.req.path.slice('/files/'.length);
      const fields = { key, name: c.req.query('name') ?? '', type: c.req.query('type') ?? '', expires: c.req.query('expires') ?? '' };
      const expected = Buffer.from(signDownload(fields));
      const given = Buffer.from(c.req.query('signature') ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected) || !ATTACHMENT_KEY_PATTERN.test(key)) {
        return c.json(errorBody('This download link is not valid'), 403);
      }
      if (Number(fields.expires) * 1000 < now()) return c.json(errorBody('This download link has expired'), 403);
      const body = await readFile(pathOf(key)).catch((error: unknown) => {
        if (errorCode(error) === 'ENOENT') return null;
        throw error;
      });
      if (!body) return c.json(errorBody('File not found'), 404);
      return c.body(new Uint8Array(body), 200, {
        'Content-Type': fields.type,
        'Content-Disposition': attachmentDisposition(fields.name),
        'Cache-Control': 'private, no-store',
      });
    })
    .use(
      `/${PHOTOS_PREFIX}*`,
      serveStatic({
        root,
        onFound: (_path, c) => {
          // A photo's key never changes content (a new upload gets a new id).
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );

  return { storage, routes, sweepStaging };
}
