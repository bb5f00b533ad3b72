import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition, DOWNLOAD_EXPIRY_SECONDS, HEAD_BYTES, PRIVATE_PREFIX, UPLOAD_EXPIRY_SECONDS, type PhotoStorage } from './photo-storage';

/**
 * What a read of a copy that was never uploaded can answer: NoSuchKey, InvalidRange (an empty
 * object), or AccessDenied, which S3 gives instead of NoSuchKey to a caller without s3:ListBucket
 * on the bucket (it will not reveal whether the key exists). The stack grants ListBucket on the
 * photos prefix, so AccessDenied should not happen; if a policy change brings it back, the staff
 * member still gets "upload every copy" rather than a 500.
 */
const MISSING = ['NoSuchKey', 'InvalidRange', 'AccessDenied'];

/** How the served copies (photos) are cached: a published key never changes content. Private files are not cached. */
const SERVED_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const isNamed = (error: unknown, ...names: string[]) => error instanceof Error && names.includes(error.name);

/**
 * Photos in the stack's photos bucket. Uploads are presigned POST forms whose
 * policy pins the (staging) key, the content type and a size range, so S3
 * itself refuses anything else. A POST form cannot ask S3 for "only if absent",
 * so a form reused within its minutes can replace its own staged file; that
 * file is never served, and publish copies only the version that was checked
 * (CopySourceIfMatch on its ETag) to a served key written once (IfNoneMatch).
 * CloudFront serves the bucket's uploads/ prefix only; a lifecycle rule
 * empties staging/ after a day. Private files (private/) are read through
 * presigned GET links that expire in minutes.
 */
export function s3PhotoStorage(bucket: string, client = new S3Client({})): PhotoStorage {
  const storage: PhotoStorage = {
    async createUpload(key, contentType, maxBytes) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: UPLOAD_EXPIRY_SECONDS,
      });
      return { url, fields };
    },

    async inspect(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${HEAD_BYTES - 1}` }));
        const head = await object.Body?.transformToByteArray();
        // 'bytes 0-15/123456': the total size is after the slash.
        const size = Number(object.ContentRange?.split('/')[1] ?? object.ContentLength ?? 0);
        return { size, head: head ?? new Uint8Array(), version: object.ETag ?? '' };
      } catch (error) {
        if (isNamed(error, ...MISSING)) return null;
        throw error;
      }
    },

    async publish(from, to, version, contentType) {
      if (!version) return 'changed';
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: to,
            CopySource: `${bucket}/${from}`,
            CopySourceIfMatch: version,
            IfNoneMatch: '*',
            MetadataDirective: 'REPLACE',
            ContentType: contentType,
            CacheControl: to.startsWith(PRIVATE_PREFIX) ? 'private, no-store' : SERVED_CACHE_CONTROL,
          }),
        );
        return 'published';
      } catch (error) {
        // Either condition failed (S3 says 412 for both): published already, or the staged file changed.
        if (isNamed(error, 'PreconditionFailed')) return (await storage.inspect(to)) ? 'exists' : 'changed';
        // Another copy to the same key is in flight; its add decides.
        if (isNamed(error, 'ConditionalRequestConflict')) return 'changed';
        if (isNamed(error, ...MISSING)) return 'changed';
        throw error;
      }
    },

    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return (await object.Body?.transformToByteArray()) ?? null;
      } catch (error) {
        if (isNamed(error, ...MISSING)) return null;
        throw error;
      }
    },

    downloadUrl(key, fileName, contentType) {
      const read = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(fileName),
        ResponseContentType: contentType,
      });
      return getSignedUrl(client, read, { expiresIn: DOWNLOAD_EXPIRY_SECONDS });
    },

    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        if (batch.length === 0) continue;
        await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
      }
    },
  };
  return storage;
}
