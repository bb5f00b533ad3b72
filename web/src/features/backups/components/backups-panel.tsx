import BackupIcon from '@mui/icons-material/Backup';
import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/Restore';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { BACKUP_MESSAGES, RESTORE_CONFIRMATION, type BackupJob } from '@app/shared-types/backup';
import { formatDateTime } from '@app/shared-types/format';
import { ConfirmActionDialog } from '../../../components/confirm-action-dialog';
import { PagedList, usePagedItems } from '../../../components/paged-list';
import { serverMessage } from '../../../lib/api-errors';
import { useToast } from '../../../lib/toast';
import { BACKUPS_KEY, backupDownloadUrl, restoreBackup, restoreFromFile, startBackup, useBackups } from '../api/backups';
import { detailsText, progressText, STATUS_LABELS } from '../model';

const REPLACES =
  "Restoring replaces the current business data with the backup's: records added since are removed, and edits since are undone. Sign-ins, the audit log and your own account are kept.";

type Pending = { kind: 'listed'; job: BackupJob } | { kind: 'file'; file: File };

/**
 * Settings > System > Backups: Backup Now, the backups and restores with their
 * progress (read again every second while one runs), Download, Restore Backup
 * per backup and Restore from file, each restore behind a dialog that asks for
 * the word RESTORE. Superadmins only; admins see a note. `openUrl` opens a
 * download link (tests hand in their own).
 */
export function BackupsPanel({ superadmin, openUrl = (url) => window.location.assign(url) }: { superadmin: boolean; openUrl?: (url: string) => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const query = useBackups(superadmin);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const jobs = usePagedItems(query);
  const running = jobs.find((job) => job.status === 'running');

  // A job this screen saw running has ended: say how, and after a restore read everything again.
  const seenRunning = useRef(new Set<string>());
  useEffect(() => {
    for (const job of jobs) {
      if (job.status === 'running') {
        seenRunning.current.add(job.id);
        continue;
      }
      if (!seenRunning.current.delete(job.id)) continue;
      if (job.kind === 'backup' && job.status === 'failed') toast({ title: BACKUP_MESSAGES.failed, description: job.error, variant: 'destructive' });
      if (job.kind === 'restore' && job.status === 'failed') toast({ title: BACKUP_MESSAGES.restoreFailed, description: job.error, variant: 'destructive' });
      if (job.kind === 'restore' && job.status === 'succeeded') {
        toast({ title: BACKUP_MESSAGES.restored });
        void queryClient.invalidateQueries();
      }
    }
  }, [jobs, toast, queryClient]);

  if (!superadmin) {
    return (
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Backups
          </Typography>
          <Alert severity="info" sx={{ mt: 1 }}>
            Backup and restore are for superadmins. Scheduled backups follow the Backup Frequency above.
          </Alert>
        </CardContent>
      </Card>
    );
  }

  const started = (job: BackupJob) => {
    seenRunning.current.add(job.id);
    void queryClient.invalidateQueries({ queryKey: [BACKUPS_KEY] });
  };

  const backupNow = async () => {
    setBusy(true);
    try {
      const answer = await startBackup();
      toast({ title: answer.message });
      started(answer.job);
    } catch (error) {
      toast({ title: BACKUP_MESSAGES.failed, description: serverMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const restore = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const answer = pending.kind === 'listed' ? await restoreBackup(pending.job.id) : await restoreFromFile(pending.file);
      toast({ title: answer.message });
      started(answer.job);
      setPending(null);
    } catch (error) {
      toast({ title: BACKUP_MESSAGES.restoreFailed, description: serverMessage(error), variant: 'destructive' });
      setPending(null);
    } finally {
      setBusy(false);
    }
  };

  const download = async (job: BackupJob) => {
    try {
      openUrl(await backupDownloadUrl(job.id));
    } catch (error) {
      toast({ title: 'Download failed', description: serverMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
            <div>
              <Typography variant="h6" component="h2">
                Backups
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Every business record (not sign-ins or the audit log), as a file you can download or restore.
              </Typography>
            </div>
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }}>
              <Button variant="contained" startIcon={<BackupIcon />} onClick={() => void backupNow()} disabled={busy || running !== undefined}>
                Backup Now
              </Button>
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} disabled={busy || running !== undefined}>
                Restore from file
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept=".gz,application/gzip"
                hidden
                aria-label="Backup file to restore"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) setPending({ kind: 'file', file });
                }}
              />
            </Stack>
          </Stack>

          {running && (
            <div role="status">
              <Typography variant="body2">{progressText(running)}</Typography>
              <LinearProgress
                sx={{ mt: 1 }}
                aria-label={running.kind === 'backup' ? 'Backup progress' : 'Restore progress'}
                {...(running.kind === 'restore' && running.itemCount ? { variant: 'determinate', value: Math.min(100, (100 * running.itemsDone) / running.itemCount) } : {})}
              />
            </div>
          )}

          <PagedList list={query} items={jobs} noun="backups" errorMessage="Could not load the backups." emptyMessage="No backups yet." moreLabel="Show older" compact>
            <Stack component="ul" aria-label="Backups" divider={<Divider component="li" />} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {jobs.map((job) => (
                <Stack
                  component="li"
                  key={job.id}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ py: 1.5, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                >
                  <div>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography variant="body1">
                        {job.kind === 'backup' ? 'Backup' : 'Restore'} · {formatDateTime(job.startedAt)}
                      </Typography>
                      <Chip size="small" label={STATUS_LABELS[job.status]} color={job.status === 'failed' ? 'error' : job.status === 'running' ? 'info' : 'success'} variant="outlined" />
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {job.status === 'failed' && job.error ? job.error : detailsText(job)}
                    </Typography>
                  </div>
                  {job.kind === 'backup' && job.status === 'succeeded' && (
                    <Stack direction="row" spacing={1} sx={{ flexShrink: 0, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
                      <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download(job)} aria-label={`Download the backup of ${formatDateTime(job.startedAt)}`}>
                        Download
                      </Button>
                      <Button
                        size="small"
                        startIcon={<RestoreIcon />}
                        onClick={() => setPending({ kind: 'listed', job })}
                        disabled={busy || running !== undefined}
                        aria-label={`Restore the backup of ${formatDateTime(job.startedAt)}`}
                      >
                        Restore Backup
                      </Button>
                    </Stack>
                  )}
                </Stack>
              ))}
            </Stack>
          </PagedList>
        </Stack>
      </CardContent>
      <ConfirmActionDialog
        open={pending !== null}
        title={pending?.kind === 'file' ? `Restore from ${pending.file.name}?` : `Restore the backup of ${pending ? formatDateTime(pending.job.startedAt) : ''}?`}
        message={REPLACES}
        confirmLabel="Restore Backup"
        typeToConfirm={RESTORE_CONFIRMATION}
        pending={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void restore()}
      />
    </Card>
  );
}
