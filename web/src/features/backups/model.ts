import type { BackupJob } from '@app/shared-types/backup';

/** A file size as people read it: 980 B, 12.4 KB, 3.1 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

const count = (n: number) => n.toLocaleString('en-IN');

/** What a running job has done so far, for its progress line. */
export function progressText(job: BackupJob): string {
  if (job.kind === 'backup') return `Backing up: ${count(job.itemsDone)} items saved`;
  return job.itemCount ? `Restoring: ${count(job.itemsDone)} of ${count(job.itemCount)} items written` : 'Restoring: checking the file';
}

/** A finished or failed job's details line: items, size, who. */
export function detailsText(job: BackupJob): string {
  const parts: string[] = [];
  if (job.kind === 'backup' && job.status === 'succeeded') parts.push(`${count(job.itemCount ?? 0)} items`, formatBytes(job.size ?? 0));
  if (job.kind === 'restore' && job.status === 'succeeded') parts.push(`${count(job.itemsDone)} items written`, `${count(job.deleted ?? 0)} removed`);
  parts.push(job.trigger === 'scheduled' ? 'scheduled' : `by ${job.startedBy.name}`);
  return parts.join(' · ');
}

export const STATUS_LABELS: Record<BackupJob['status'], string> = { running: 'Running', succeeded: 'Done', failed: 'Failed' };
