// The backup module's public entry: what other modules, the hosts and other packages use from it.
// Its HTTP routes are in ./routes (for the hosts), so that reaching a module's functions never loads route code.
import type { Kind } from '../db/kind';
import { backupJobKind, backupLockKind, backupScheduleKind } from './backup-kinds';

export { backupLockKind, backupScheduleKind } from './backup-kinds';
export { BackupFileError, BackupWriter, NOT_OURS_MESSAGE, UNSIGNED_MESSAGE, UnsupportedValueError, backupItems, itemKeyText, validateBackup, type BackupSummary, type Item } from './backup-file';
export { fileBackupKey, secretsManagerBackupKey, staticBackupKey, type BackupKeyProvider } from './backup-key';
export { backupFileKey, localBackupStorage, type BackupStorage } from './backup-storage';
export { backupClasses, type BackupClasses } from './classify';
export { s3BackupStorage } from './s3-backup-storage';

/** Its stored kinds, for the catalog of every definition (functions/src/kinds.ts): read when called, so import order never matters. */
export const kinds = (): readonly Kind[] => [backupJobKind, backupLockKind, backupScheduleKind];
