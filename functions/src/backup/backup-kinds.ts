import * as yup from 'yup';
import { BACKUP_JOB_KINDS, BACKUP_JOB_STATUSES } from '@app/shared-types/backup';
import { defineItem } from '../db/item';
import { keys } from '../db/keys';

/**
 * The items of backups themselves (the jobs: jobs/backup.ts). None is in a
 * backup: a restore must not bring back another time's jobs or lock.
 */

const actorSchema = yup.object({ id: yup.string().defined(), name: yup.string().defined(), email: yup.string().defined() });

/** A backup or restore job (its writes are the job's own requests, jobs/backup.ts). */
export const backupJobKind = defineItem({
  type: 'BackupJob',
  schema: yup.object({
    id: yup.string().required(),
    kind: yup.string().oneOf(BACKUP_JOB_KINDS).required(),
    status: yup.string().oneOf(BACKUP_JOB_STATUSES).required(),
    trigger: yup.string().oneOf(['manual', 'scheduled'] as const).required(),
    startedAt: yup.string().required(),
    startedBy: actorSchema.required(),
    itemsDone: yup.number().default(0),
  }),
  key: keys.backupJob,
  partition: 'BACKUPJOB#*',
  backup: false,
});

/** The lock a running backup or restore holds (one at a time). */
export const backupLockKind = defineItem({
  type: 'BackupLock',
  schema: yup.object({ jobId: yup.string().required(), kind: yup.string().optional(), lockedUntil: yup.number().optional() }),
  key: () => keys.backupLock(),
  partition: 'BACKUPLOCK',
  backup: false,
});

/** When the schedule began (its first check on this table): the first scheduled backup is due a period after it. */
export const backupScheduleKind = defineItem({
  type: 'BackupSchedule',
  schema: yup.object({ startedAt: yup.number().required() }),
  key: () => keys.backupSchedule(),
  partition: 'BACKUPSCHEDULE',
  backup: false,
});
