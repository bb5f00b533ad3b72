import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from '../photos';
import { BACKUP_LINK_SECONDS, BACKUP_NAME_PATTERN, type BackupStorage } from './backup-storage';

const isMissing = (error: unknown) => error instanceof Error && ['NoSuchKey', 'NotFound', 'InvalidRange'].includes(error.name);

function checked(name: string): string {
  if (!BACKUP_NAME_PATTERN.test(name)) throw new Error(`Not a backup file name: ${name}`);
  return name;
}

/**
 * Backup files in the stack's backup bucket (private, encrypted, TLS only;
 * infra/src/constructs/backups.ts). The Jobs function writes and reads them;
 * the admin function signs short-lived links: a GET to download a backup (a
 * Lambda answer is at most 6 MB) and a POST form, limited in size, to upload
 * a file to restore under uploads/ (a lifecycle rule empties it after a day).
 */
export function s3BackupStorage(bucket: string, client = new S3Client({})): BackupStorage {
  return {
    async save(name, localPath) {
      const { size } = await stat(localPath);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checked(name),
          Body: createReadStream(localPath),
          ContentLength: size,
          ContentType: 'application/gzip',
          // Never overwrite a backup: each name is a new job's.
          IfNoneMatch: '*',
        }),
      );
      return { size };
    },
    async open(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checked(name) }));
        // In Node the SDK answers with the HTTP response stream (its Body type also names the browser's).
        if (object.Body === undefined) return null;
        if (!(object.Body instanceof Readable)) throw new Error('The S3 answer is not a Node stream');
        return object.Body;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    downloadUrl(name, fileName) {
      const read = new GetObjectCommand({
        Bucket: bucket,
        Key: checked(name),
        ResponseContentDisposition: attachmentDisposition(fileName),
        ResponseContentType: 'application/gzip',
      });
      return getSignedUrl(client, read, { expiresIn: BACKUP_LINK_SECONDS });
    },
    async createUpload(name, maxBytes) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucket,
        Key: checked(name),
        Conditions: [['content-length-range', 1, maxBytes]],
        Expires: BACKUP_LINK_SECONDS,
      });
      return { url, fields };
    },
    async size(name) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checked(name) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(name) }));
    },
  };
}
