import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { loadOrCreateKey } from '../secrets/field-crypto';

/**
 * The key backups are signed with (HMAC-SHA256, backup-file.ts): a file is
 * restored only if it was made by a host holding the same key, and was not
 * changed since. It never leaves the server: `.data/backup-key` on a laptop
 * (32 random bytes, made on first use, mode 0600), a Secrets Manager secret
 * deployed (BACKUP_KEY_SECRET_ARN, read by the Jobs and admin functions).
 * Losing it makes every backup made under it unrestorable.
 */
export interface BackupKeyProvider {
  getBackupKey(): Promise<Buffer>;
}

/** A fixed key (tests). */
export function staticBackupKey(key: Buffer): BackupKeyProvider {
  return { getBackupKey: () => Promise.resolve(key) };
}

/** The local host's key file (e.g. `.data/backup-key`), created the first time it is needed. */
export function fileBackupKey(path: string): BackupKeyProvider {
  let key: Buffer | undefined;
  return {
    getBackupKey: async () => {
      key ??= loadOrCreateKey(path);
      return key;
    },
  };
}

/** The deployed key: the secret's string, read once per cold start (a failed read is not cached). */
export function secretsManagerBackupKey(secretArn: string, client = new SecretsManagerClient({})): BackupKeyProvider {
  let pending: Promise<Buffer> | undefined;
  return {
    getBackupKey: () => {
      pending ??= client
        .send(new GetSecretValueCommand({ SecretId: secretArn }))
        .then(({ SecretString }) => {
          if (!SecretString || SecretString.length < 32) throw new Error('The backup key secret has no value of 32 characters or more');
          return Buffer.from(SecretString, 'utf8');
        })
        .catch((error: unknown) => {
          pending = undefined;
          throw error;
        });
      return pending;
    },
  };
}
