import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_PHOTO_BYTES } from '@app/shared-types/photos';
import { errorBody } from '../lib/http';
import { HEAD_BYTES, PHOTO_KEY_PATTERN, PHOTOS_PREFIX, UPLOAD_EXPIRY_SECONDS, type PhotoStorage } from './photo-storage';

/** Room for the form's other fields and the multipart boundaries around the file. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

/**
 * Photos in a folder on this machine (`root`/uploads/...), for the local
 * host. It plays S3's part: uploads are form POSTs to /uploads signed with a
 * key that lives only in this process, checked for expiry, key, declared type
 * and size before anything is written; GET /uploads/* serves the files.
 */
export function localPhotoStorage(root: string, now: () => number = Date.now) {
  const secret = randomBytes(32);
  const sign = (fields: { key: string; contentType: string; maxBytes: string; expires: string }) =>
    createHmac('sha256', secret)
      .update([fields.key, fields.contentType, fields.maxBytes, fields.expires].join('\n'))
      .digest('base64url');
  const pathOf = (key: string) => join(root, key);

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
      if (!PHOTO_KEY_PATTERN.test(key)) return null;
      try {
        const { size } = await stat(pathOf(key));
        const file = await open(pathOf(key), 'r');
        try {
          const head = new Uint8Array(HEAD_BYTES);
          const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
          return { size, head: head.subarray(0, bytesRead) };
        } finally {
          await file.close();
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async remove(keys) {
      await Promise.all(keys.filter((key) => PHOTO_KEY_PATTERN.test(key)).map((key) => rm(pathOf(key), { force: true })));
    },
  };

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
        if (given.length !== expected.length || !timingSafeEqual(given, expected) || !PHOTO_KEY_PATTERN.test(fields.key)) {
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
        await mkdir(dirname(target), { recursive: true });
        // Written beside the target, then renamed: a reader never sees half a file.
        const partial = `${target}.${randomUUID()}.part`;
        await writeFile(partial, new Uint8Array(await file.arrayBuffer()));
        await rename(partial, target);
        return c.body(null, 204);
      },
    )
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

  return { storage, routes };
}
