import type { NotificationEvent, TaskKind } from '@app/shared-types/notifications';
import type { Db } from '../db/client';
import type { WriteContext } from '../db/entity';
import type { FieldCrypto } from '../secrets/field-crypto';

/**
 * The tasks the outbox's sender runs (jobs/outbox.ts, TASK_KINDS): each
 * module owns its runner and the registry (jobs/tasks.ts) reaches it through
 * the module's entry. One retry policy for all of them: a runner that throws
 * TaskRefused fails at once; any other error waits its backoff and is tried
 * again, up to MAX_OUTBOX_ATTEMPTS.
 */

/** A task that can never succeed as it is (no phone number, no access token): failed at once, not retried. */
export class TaskRefused extends Error {}

/** What a runner gets besides its event. */
export interface TaskContext {
  db: Db;
  /** The write context of the run (system actor, request id `outbox:<item id>`). */
  ctx: WriteContext;
  /** The run's clock. */
  nowMs: number;
  /** Opens sealed secrets (an integration's access token), on hosts that have the key. */
  fieldCrypto?: FieldCrypto;
  /** Whether a failure with this error is the last (TaskRefused, or the attempts used up): a runner may record it so. */
  final: (error: unknown) => boolean;
}

/** A task's outcome: 'sent' when done, 'skipped' when there was nothing to do; `note` is kept as the item's last error. */
export interface TaskOutcome {
  status: 'sent' | 'skipped';
  note?: string;
}

export type TaskRunner<E extends NotificationEvent = NotificationEvent> = (event: E, task: TaskContext) => Promise<TaskOutcome | void>;

/** One runner per task kind. */
export type TaskRunners = { [K in TaskKind]: TaskRunner<Extract<NotificationEvent, { kind: K }>> };
