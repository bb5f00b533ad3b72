import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as yup from 'yup';
import { BACKUP_MESSAGES, backupFileName, MAX_BACKUP_UPLOAD_BYTES, restoreRequestSchema, type BackupJob, type BackupUploadForm } from '@app/shared-types/backup';
import { pageLimit } from '@app/shared-types/forms';
import { nowMs, requireRole } from '../auth';
import { BackupFileError, validateBackup } from './backup-file';
import { backupFileKey, uploadFileKey } from './backup-storage';
import { backupJobCursorKeys, getBackupJob, jobAsSeen, listBackupJobs, lockHoldingJob, startBackupJob } from '../jobs/backup';
import type { AppEnv } from '../app-deps';
import { errorBody, isEntityId, jsonBody, limitBody, listPage, queryParams, requireJson } from '../lib/http';
import { log } from '../lib/log';
import { access } from '../lib/route-access';

const BUSY_MESSAGE = 'A backup or restore is running already. Wait for it to finish.';
const NO_BACKUPS = 'Backups are not available on this host';

const listQuerySchema = yup.object({ limit: pageLimit(20), cursor: yup.string().max(2048).optional() });
const uploadIdSchema = /^[0-9a-f-]{36}$/;

/** The running job that holds the lock, for a 409's `current`. */
async function runningJob(c: Context<AppEnv>): Promise<BackupJob | null> {
  return lockHoldingJob(c.var.deps.db);
}

function actorOf(c: Context<AppEnv>) {
  const { id, name, email } = c.var.auth.employee;
  return { id, name, email };
}

/**
 * Starts a restore of the file `sourceName` after checking it whole (gzip,
 * header, every line an item with its keys, counts, its signature under the
 * host's backup key): 400 with what is wrong for a bad file (nothing
 * changes), 409 while another job runs,
 * else 202 with the job, which the Jobs function (deployed) or this process runs.
 */
async function startRestore(c: Context<AppEnv>, sourceName: string, sourceId: string) {
  const backups = c.var.deps.backups!;
  const file = await backups.storage.open(sourceName);
  if (!file) return c.json(errorBody('Backup not found'), 404);
  try {
    // Only a listed backup (the host's own storage, never an upload) may be of the unsigned format 1. The items'
    // definitions are checked by the job's first run, before it writes anything (a request has seconds, not minutes).
    await validateBackup(file, { key: await backups.key.getBackupKey(), classes: backups.classes, acceptUnsigned: sourceName.startsWith('backups/'), definitions: false });
  } catch (error) {
    if (error instanceof BackupFileError) return c.json(errorBody(error.message), 400);
    throw error;
  }
  const job = await startBackupJob(c.var.deps.db, {
    kind: 'restore',
    trigger: 'manual',
    actor: actorOf(c),
    nowMs: nowMs(c),
    sourceId,
    sourceName,
    keepSessionId: c.var.auth.session.id,
  });
  if (job === 'busy') return c.json({ ...errorBody(BUSY_MESSAGE), current: await runningJob(c) }, 409);
  await backups.runner.start({ backupJob: { jobId: job.id } });
  log.info('restore started', { jobId: job.id, source: sourceId, requestId: c.var.requestId });
  return c.json({ message: BACKUP_MESSAGES.restoreStarted, job }, 202);
}

/**
 * Backup and restore (superadmin only; PRODUCT.md): POST /api/settings/backup
 * starts a backup job; the jobs (backups and restores, newest first) are
 * listed with their progress; a backup downloads through a short-lived link;
 * a listed backup, or an uploaded file, is restored after validation and the
 * typed confirmation. Mounted under /api/settings (settings/settings-routes.ts lets
 * admins in; these routes then answer them 403).
 */
export const backups = new Hono<AppEnv>()
  .use(requireRole('superadmin'))
  .use(async (c, next) => {
    if (!c.var.deps.backups) return c.json(errorBody(NO_BACKUPS), 503);
    await next();
  })
  .post('/backup', access.role('superadmin'), async (c) => {
    const { db, backups: host } = c.var.deps;
    const job = await startBackupJob(db, { kind: 'backup', trigger: 'manual', actor: actorOf(c), nowMs: nowMs(c) });
    if (job === 'busy') return c.json({ ...errorBody(BUSY_MESSAGE), current: await runningJob(c) }, 409);
    await host!.runner.start({ backupJob: { jobId: job.id } });
    log.info('backup started', { jobId: job.id, requestId: c.var.requestId });
    return c.json({ message: BACKUP_MESSAGES.started, job }, 202);
  })
  .get('/backups', access.role('superadmin'), queryParams(listQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return listPage(c, query.cursor, backupJobCursorKeys, async (start) => {
      const page = await listBackupJobs(c.var.deps.db, query.limit, start);
      return { ...page, items: page.items.map((job) => jobAsSeen(job, nowMs(c))) };
    });
  })
  .get('/backup-jobs/:id', access.role('superadmin'), async (c) => {
    const id = c.req.param('id');
    const job = isEntityId(id) ? await getBackupJob(c.var.deps.db, id) : undefined;
    if (!job) return c.json(errorBody('Job not found'), 404);
    const { sourceName: _name, ...answer } = jobAsSeen(job, nowMs(c));
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  })
  .get('/backups/:id/download', access.role('superadmin'), async (c) => {
    const id = c.req.param('id');
    const job = isEntityId(id) ? await getBackupJob(c.var.deps.db, id) : undefined;
    if (!job || job.kind !== 'backup' || job.status !== 'succeeded') return c.json(errorBody('Backup not found'), 404);
    const url = await c.var.deps.backups!.storage.downloadUrl(backupFileKey(id), backupFileName(job));
    c.header('Cache-Control', 'no-store');
    return c.json({ url }, 200);
  })
  .post('/backups/:id/restore', access.role('superadmin'), limitBody(), requireJson, jsonBody(restoreRequestSchema), async (c) => {
    const id = c.req.param('id');
    const job = isEntityId(id) ? await getBackupJob(c.var.deps.db, id) : undefined;
    if (!job || job.kind !== 'backup' || job.status !== 'succeeded') return c.json(errorBody('Backup not found'), 404);
    return startRestore(c, backupFileKey(id), id);
  })
  .post('/backups/upload', access.role('superadmin'), async (c) => {
    const uploadId = randomUUID();
    const form = await c.var.deps.backups!.storage.createUpload(uploadFileKey(uploadId), MAX_BACKUP_UPLOAD_BYTES);
    const answer: BackupUploadForm = { uploadId, ...form };
    return c.json(answer, 201);
  })
  .post('/backups/uploads/:uploadId/restore', access.role('superadmin'), limitBody(), requireJson, jsonBody(restoreRequestSchema), async (c) => {
    const uploadId = c.req.param('uploadId');
    if (!uploadIdSchema.test(uploadId)) return c.json(errorBody('Upload not found'), 404);
    return startRestore(c, uploadFileKey(uploadId), 'upload');
  });
